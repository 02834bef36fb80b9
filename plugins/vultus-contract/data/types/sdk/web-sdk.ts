/* Generated from data/sdk/web-sdk.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * An option; a required option has no default.
 */
export type Option = {
  /**
   * The option's property name in the object passed to `createCapture()`.
   */
  name: string;
  /**
   * Its TypeScript type, as the reference table shows it.
   */
  type: string;
  /**
   * Its default as code (`'auto'`, `true`, `1500`), or `—` when it has none.
   */
  default: string;
  /**
   * Whether the integrator must pass it.
   */
  required: 'Yes' | 'No';
  /**
   * What it does.
   */
  description: string;
};
export type Asset = {
  /**
   * The path under assetsPath, as a self-hosting integrator lays the files out.
   */
  path: string;
  /**
   * The Content-Type the server must send for the file; it follows from the extension.
   */
  mime: 'text/javascript' | 'text/css' | 'application/wasm' | 'application/json' | 'application/octet-stream';
  /**
   * Download size in KB.
   */
  size_kb: number;
  /**
   * What the file is, and when it is loaded.
   */
  description: string;
};

/**
 * Schema for data/sdk/web-sdk.yaml: the reference of the Web SDK (headless capture library, npm package @vultus/web-sdk): its version and CDN files, the options of `createCapture()`, its events and methods, the files it loads from assetsPath, the CSP a page needs, its locales, the WebView settings, the API errors it passes on, the type of its error payload and troubleshooting. docs/webSDK/web-sdk.md renders it with ::data-table, docs/webSDK/gui-web-sdk.md renders its assets and troubleshooting, and its version is the `sdk.version` fact. Agreement with gui-web-sdk.yaml, data/releases.yaml and the contract is checked by tests/unit/sdk-pages.test.ts.
 */
export interface SdkWebSdk {
  /**
   * The npm package name.
   */
  package: '@vultus/web-sdk';
  /**
   * The current version: the newest Web SDK release of data/releases.yaml, shown on the pages as the `sdk.version` fact.
   */
  version: string;
  /**
   * The `window` global the script-tag build defines.
   */
  global: 'VultusWebSDK';
  /**
   * Where the script-tag build is served.
   */
  cdn: {
    /**
     * The versioned CDN folder of the Web SDK's files, ending in `/`.
     */
    assets_base: string;
    /**
     * The files to load with a `<script>` (and, for the GUI, `<link>`) tag, with their SRI hashes.
     */
    files: {
      /**
       * The file name.
       */
      file: string;
      /**
       * Its full CDN URL: assets_base followed by the file name.
       */
      url: string;
      /**
       * The Subresource Integrity hash for the `integrity` attribute of the `<script>` or `<link>` tag.
       */
      integrity: string;
    }[];
  };
  /**
   * The options of `createCapture()`, in the order of the reference table.
   */
  options: Option[];
  /**
   * The events the capture object emits.
   */
  events: Event[];
  /**
   * The package's functions and the methods of the capture object.
   */
  methods: Method[];
  /**
   * The files the SDK loads from assetsPath, for hosting them yourself and for the MIME types your server must send.
   */
  assets: Asset[];
  /**
   * The Content-Security-Policy directives a page that runs the SDK needs.
   */
  csp: Csp[];
  /**
   * The languages the SDK ships; English (`en`) is the fallback (checked by tests/unit/sdk-pages.test.ts); the same list in both SDK files.
   */
  locales: Locale[];
  /**
   * What an Android or iOS app must set for the SDK to run in its WebView; the same list in both SDK files.
   */
  webview: Webview[];
  /**
   * Error codes the API raises that the SDK passes on, and what it does before it reports them; only errors the API raises (the GUI has its own list, with the same codes). The SDK's own errors are in the contract's x-error-codes (raised_by: sdk), not here.
   */
  api_errors: ApiError[];
  /**
   * The type of the `error` event's payload, of `onError` and of every rejection, in both SDKs (checked by tests/unit/sdk-error-shape.test.ts).
   */
  error_type: {
    /**
     * The TypeScript type both packages export for it.
     */
    name: string;
    /**
     * The contract's component schema that defines its fields: the object under `error` in a response body.
     */
    schema: string;
  };
  /**
   * Common problems with their likely cause and fix; the GUI page renders this list too.
   */
  troubleshooting: Problem[];
}
export interface Event {
  /**
   * The event name passed to `on()`.
   */
  name: string;
  /**
   * The TypeScript shape of the payload the handler receives.
   */
  payload: string;
  /**
   * When the event fires and what the integrator does with it.
   */
  when: string;
}
export interface Method {
  /**
   * A function the package exports (`createCapture`), or a method of the object it returns, prefixed `capture.`.
   */
  name: string;
  /**
   * The TypeScript signature, starting with the method's own name and ending in its return type.
   */
  signature: string;
  /**
   * What it does, and when to call it.
   */
  description: string;
}
export interface Csp {
  /**
   * The Content-Security-Policy directive.
   */
  directive:
    | 'script-src'
    | 'worker-src'
    | 'connect-src'
    | 'style-src'
    | 'img-src'
    | 'media-src'
    | 'frame-ancestors'
    | 'trusted-types';
  /**
   * The sources to allow when the files come from the Vultus CDN.
   */
  value: string;
  /**
   * The sources to allow when you serve the files from your own origin.
   */
  value_self_hosted: string;
  /**
   * `Yes`, `Recommended`, or the condition under which the directive is needed (`When you show previewUrl`).
   */
  required: string;
  /**
   * What the SDK does that needs it.
   */
  why: string;
}
export interface Locale {
  /**
   * The BCP 47 language tag the `locale` option takes.
   */
  code: string;
  /**
   * The language in English.
   */
  language: string;
  /**
   * The text direction the SDK lays out for it.
   */
  direction: 'ltr' | 'rtl';
}
export interface Webview {
  /**
   * The in-app browser the row applies to.
   */
  platform: 'Android WebView' | 'iOS WKWebView';
  /**
   * The permission, setting, API or platform version the app must get right.
   */
  setting: string;
  /**
   * What to set it to.
   */
  value: string;
  /**
   * What goes wrong without it.
   */
  why: string;
}
export interface ApiError {
  /**
   * An error code of the contract's x-error-codes.
   */
  code: string;
  /**
   * What the SDK does (retry, refresh the token) before it reports the error, or that it reports it at once.
   */
  sdk_behaviour: string;
}
export interface Problem {
  /**
   * What the integrator or user sees.
   */
  symptom: string;
  /**
   * The likely cause.
   */
  cause: string;
  /**
   * How to fix it.
   */
  fix: string;
}
