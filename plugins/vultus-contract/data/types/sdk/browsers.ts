/* Generated from data/sdk/browsers.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * A browser id of @mdn/browser-compat-data.
 */
export type BrowserId =
  | 'chrome'
  | 'edge'
  | 'firefox'
  | 'safari'
  | 'chrome_android'
  | 'firefox_android'
  | 'safari_ios'
  | 'webview_android'
  | 'webview_ios';
export type Browsers = {
  /**
   * The browser, as the table shows it (Markdown).
   */
  browser: string;
  /**
   * The minimum version as shown; the last number is the version checked against @mdn/browser-compat-data.
   */
  minimum: string;
  notes: string;
  bcd: BrowserId;
}[];

/**
 * Schema for data/sdk/browsers.yaml: the browser features the Web SDKs need, the supported browsers with their minimum versions, and the operating systems. docs/compatibility-matrix.md renders each list; tests/unit/browser-support.test.ts checks the minimums against @mdn/browser-compat-data.
 */
export interface SdkBrowsers {
  requirements: {
    /**
     * The capability, as the table shows it (Markdown).
     */
    capability: string;
    /**
     * Why the SDK needs it (Markdown).
     */
    why: string;
    /**
     * The feature's dotted key in @mdn/browser-compat-data; every supported browser must have it at its minimum version.
     */
    bcd?: string;
  }[];
  desktop: Browsers;
  mobile: Browsers;
  platforms: {
    platform: string;
    minimum: string;
    notes: string;
    /**
     * The one browser engine the platform runs; its minimum must equal that browser's.
     */
    engine?: BrowserId;
  }[];
}
