/* Generated from data/sdk/gui-web-sdk.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * An option; a required option has no default.
 */
export type Option = {
  /**
   * The option's property name in the object passed to `mount()`.
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
   * The file name on the CDN; the GUI loads the Web SDK's files from assetsPath as well.
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
 * Schema for data/sdk/gui-web-sdk.yaml: the reference of the GUI Web SDK (drop-in capture screens, npm package @vultus/web-sdk-gui): its version and CDN files, the options of `mount()`, its events with their callback options, its methods, its own files, the CSP a page needs, its theme variables and string keys, its locales, the WebView settings, what it shows for each KYC step, the API errors it passes on and GUI-specific troubleshooting. docs/webSDK/gui-web-sdk.md renders it with ::data-table. Agreement with web-sdk.yaml (version, locales, WebView rows, CSP values, assetsPath default) and with the contract is checked by tests/unit/sdk-pages.test.ts.
 */
export interface SdkGuiWebSdk {
  /**
   * The npm package name.
   */
  package: '@vultus/web-sdk-gui';
  /**
   * The current version: the newest Web SDK release of data/releases.yaml; the GUI and the Web SDK are released together with the same version.
   */
  version: string;
  /**
   * The `window` global the script-tag build defines.
   */
  global: 'VultusGUI';
  /**
   * Where the script-tag build is served.
   */
  cdn: {
    /**
     * The versioned CDN folder of the GUI's files, ending in `/`.
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
   * The options of `mount()`, in the order of the reference table.
   */
  options: Option[];
  /**
   * The events the GUI emits.
   */
  events: Event[];
  /**
   * The package's functions and the methods of the GUI object.
   */
  methods: Method[];
  /**
   * The GUI's own files; it also loads the Web SDK's worker, WebAssembly and model files, listed in web-sdk.yaml.
   */
  assets: Asset[];
  /**
   * The Content-Security-Policy directives a page that runs the GUI needs. Each directive of web-sdk.yaml appears with at least its values (checked by tests/unit/sdk-pages.test.ts).
   */
  csp: Csp[];
  /**
   * The CSS custom properties that theme the GUI, with their light and dark defaults.
   */
  theme_variables: ThemeVariable[];
  /**
   * The string keys integrators override most, with their English text.
   */
  strings: String[];
  /**
   * The languages the GUI ships; English (`en`) is the fallback (checked by tests/unit/sdk-pages.test.ts); the same list in both SDK files.
   */
  locales: Locale[];
  /**
   * What an Android or iOS app must set for the GUI to run in its WebView; the same list in both SDK files.
   */
  webview: Webview[];
  /**
   * Problems specific to the GUI; the GUI page also renders the Web SDK's list.
   */
  troubleshooting: Problem[];
  /**
   * What the GUI shows for each step of a KYC session, in the contract's KycStepType order (checked by tests/unit/sdk-kyc-mode.test.ts).
   */
  kyc_steps: {
    /**
     * A value of the contract's KycStepType.
     */
    step: string;
    /**
     * What the GUI shows for the step.
     */
    shows: string;
  }[];
  /**
   * Error codes the API raises that the GUI passes on, and what it does before it reports them: the codes of the Web SDK's api_errors, with the GUI's own handling (checked by tests/unit/sdk-page-names.test.ts).
   */
  api_errors: ApiError[];
}
export interface Event {
  /**
   * The event name passed to `on()`.
   */
  name: string;
  /**
   * The callback option that receives the same payload (`onComplete`), or `—` when there is none.
   */
  callback: string;
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
   * A function the package exports (`mount`), or a method of the object it returns, prefixed `gui.`.
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
   * What the GUI does that needs it.
   */
  why: string;
}
export interface ThemeVariable {
  /**
   * The CSS custom property to set on the container.
   */
  name: string;
  /**
   * Its default in the light colour scheme, as a CSS value.
   */
  light: string;
  /**
   * Its default in the dark colour scheme, as a CSS value.
   */
  dark: string;
  /**
   * What it styles.
   */
  description: string;
}
export interface String {
  /**
   * The string key the `strings` option overrides (`intro.title`).
   */
  key: string;
  /**
   * The built-in English text.
   */
  en: string;
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
   * The text direction the GUI lays out for it.
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
export interface ApiError {
  /**
   * An error code of the contract's x-error-codes.
   */
  code: string;
  /**
   * What the GUI does (retry, refresh the token, which screen it shows) before it reports the error.
   */
  gui_behaviour: string;
}
