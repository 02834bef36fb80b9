import {chromium} from '@playwright/test';
import {startNginx} from './nginx';
import {chromiumArgs, chromiumPath} from './chromium';
(async () => {
  const server = await startNginx();
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumArgs});
  for (const [name, route, w, h, dark] of [
    ['m-face-match-dark', '/services/face-match', 390, 844, true],
    ['m-responses', '/responses', 390, 844, false],
    ['d-search', '/search?q=liveness%20threshold', 1280, 800, true],
    ['m-onprem', '/onprem-services/merged-solutions', 390, 844, false],
  ] as const) {
    const ctx = await browser.newContext({viewport: {width: w, height: h}, colorScheme: dark ? 'dark' : 'light', deviceScaleFactor: 1});
    const page = await ctx.newPage();
    await page.goto(server.baseUrl + route);
    await page.waitForTimeout(1500);
    await page.screenshot({path: `/tmp/prof/${name}.png`, fullPage: false});
    await page.mouse.wheel(0, 1800);
    await page.waitForTimeout(800);
    await page.screenshot({path: `/tmp/prof/${name}-2.png`, fullPage: false});
    await ctx.close();
  }
  await browser.close();
  await server.stop();
})();
