/**
 * How every tool here starts Chromium: Debian's build (override with CHROMIUM_PATH) and the
 * flags that keep it quiet on a closed network (without them it floods it with requests).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser context every test page starts from (playwright.config.ts and the reading page). */
export const pageDefaults = {
  colorScheme: 'light',
  serviceWorkers: 'block',
  // Playwright's own default, stated so the reading page (./fixtures.ts) can return to it.
  viewport: {width: 1280, height: 720},
} as const;
