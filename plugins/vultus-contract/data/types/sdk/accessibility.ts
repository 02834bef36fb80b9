/* Generated from data/sdk/accessibility.schema.json by `npm run data-types`: edit the schema, not this file. */

/**
 * `integrator`: the headless Web SDK renders no UI, so the integrator's page owns the criterion.
 */
export type Status = 'supports' | 'partially-supports' | 'not-applicable' | 'integrator';
/**
 * An SDK, by the name of its data file.
 */
export type Sdk = 'web-sdk' | 'gui-web-sdk';

/**
 * Schema for data/sdk/accessibility.yaml: the accessibility statement of the Web SDK and the GUI Web SDK: the conformance target, the frameworks it maps to, the date and method of the last review, the assistive technologies tested, one row per WCAG 2.2 level A and AA success criterion with the status and a note for each SDK, the known limitations and how to report a problem. docs/webSDK/accessibility.md renders each list with ::data-table; every note must agree with the Accessibility sections of docs/webSDK/web-sdk.md and docs/webSDK/gui-web-sdk.md and with data/sdk/*.yaml.
 */
export interface SdkAccessibility {
  /**
   * The statement in brief, each row once, in the order the page shows them: the conformance target, the frameworks it maps to, the date of the last review, the versions it covered and how it was evaluated.
   */
  conformance: {
    /**
     * A stable name of the row, for the tests: `standard` (the conformance target), `en-301-549` and `eaa` (the frameworks it maps to), `reviewed` (the date of the last review), `versions` (the SDK versions that review covered), `method` (how it was evaluated).
     */
    id: 'standard' | 'en-301-549' | 'eaa' | 'reviewed' | 'versions' | 'method';
    /**
     * The row as the table's first column shows it.
     */
    item: string;
    /**
     * The statement, as Markdown.
     */
    value: string;
  }[];
  /**
   * Each status the criteria table uses, once, with its meaning.
   */
  statuses: {
    status: Status;
    /**
     * What the status means, as Markdown.
     */
    meaning: string;
  }[];
  /**
   * The combinations of assistive technology or setting, browser and operating system tested at the last review.
   */
  assistive_technologies: {
    /**
     * The assistive technology or user setting, with its version where it has one.
     */
    technology: string;
    /**
     * The browsers, with their versions; each a supported browser of data/sdk/browsers.yaml.
     */
    browser: string;
    /**
     * The operating systems, with their versions; each a supported platform of data/sdk/browsers.yaml.
     */
    platform: string;
  }[];
  /**
   * One row per WCAG 2.2 level A and AA success criterion that applies to a camera capture flow, in WCAG order.
   */
  criteria: {
    /**
     * The success criterion's number in WCAG 2.2, such as `2.2.1`.
     */
    id: string;
    /**
     * Its name in WCAG 2.2, such as `Timing Adjustable`.
     */
    name: string;
    /**
     * Its conformance level.
     */
    level: 'A' | 'AA';
    'web-sdk': WebAssessment;
    'gui-web-sdk': GuiAssessment;
  }[];
  /**
   * The known gaps, each with what to do about it.
   */
  known_limitations: {
    /**
     * The gap, as Markdown.
     */
    limitation: string;
    /**
     * The SDKs it concerns.
     */
    sdks: Sdk[];
    /**
     * What the integrator does about it, as Markdown.
     */
    what_to_do: string;
  }[];
  /**
   * How to report an accessibility problem: whom to contact and what to send.
   */
  contact: {
    /**
     * The row as the table's first column shows it.
     */
    topic: string;
    /**
     * The detail, as Markdown.
     */
    detail: string;
  }[];
}
/**
 * Where the headless Web SDK stands.
 */
export interface WebAssessment {
  status: Status;
  /**
   * How, in one or two sentences, as Markdown; for `integrator`, what the SDK does to make the criterion possible and what the page must do.
   */
  note: string;
}
/**
 * Where the GUI Web SDK stands.
 */
export interface GuiAssessment {
  /**
   * The GUI renders its own screens, so it owns every criterion it applies to: never `integrator`.
   */
  status: 'supports' | 'partially-supports' | 'not-applicable';
  /**
   * How, in one or two sentences, as Markdown.
   */
  note: string;
}
