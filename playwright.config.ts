import {defineConfig} from '@playwright/test';
import {chromiumArgs, chromiumPath, pageDefaults} from './tests/browser/chromium';

/**
 * Browser tests in real Chromium against the production build served by nginx with
 * the repo's own configuration (tests/browser/global-setup.ts starts it on 127.0.0.1
 * and a free port, and stops it). Point CHROMIUM_PATH at another Chromium binary, or
 * VULTUS_BASE_URL at an already running server, to run elsewhere.
 */
export default defineConfig({
  testDir: './tests/browser',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: {timeout: 10_000},
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  globalSetup: './tests/browser/global-setup.ts',
  use: {
    baseURL: process.env.VULTUS_BASE_URL,
    browserName: 'chromium',
    ...pageDefaults,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
});
