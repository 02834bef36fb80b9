/**
 * `npm run bench`: builds the site cold, serves it with the production nginx configuration,
 * and measures it in Debian's Chromium. Prints a table and writes bench-results/bench.json.
 *
 * - Lighthouse 12 (it runs on Node 20; Lighthouse 13 needs Node 22.19), mobile and desktop,
 *   median of 3 runs: performance, accessibility, best practices, SEO, LCP, TBT, CLS.
 * - First-visit JavaScript and CSS bytes (raw and gzip) per page kind.
 * - Search index bytes, what a first query downloads of it and the time from a typed query to
 *   results in the browser, for the site and for its docs five times over.
 * - Cold build time; `npm start` ready cold and warm, and an edit to a page, the contract, a data
 *   file or a partial until it shows on the open page (./lib/devServer.ts).
 * Targets (issue 7): performance >= 95 on mobile, accessibility / best practices / SEO 100,
 * CLS 0, first-visit JS no larger than the bare template's, index <= 150 KB gzip,
 * query-to-results <= 50 ms. Figures are printed, not asserted: a benchmark has a clock.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, type Browser} from '@playwright/test';
import {startNginx} from '../tests/browser/nginx';
import {chromiumArgs, chromiumPath} from '../tests/browser/chromium';
import {firstVisitBytes, type FirstVisitBytes} from '../tests/browser/first-visit';
import {
  heldOut,
  quality,
  querySets,
  readQueries,
  tuningQuestions,
  type Query,
  type Quality,
} from './lib/searchQuality';
import {buildWithDocsTimes, builtEngine, firstQueries, indexBytes} from './lib/searchIndex';
import {devServerFigures} from './lib/devServer';

const siteDir = path.resolve(__dirname, '..');
const buildDir = path.join(siteDir, 'build');
const chromeFlags = ['--headless=new', ...chromiumArgs];
const runs = Number(process.env.BENCH_RUNS ?? 3);

type Budgets = {firstVisitGzipKB: Record<string, {route: string}>};

function pageKinds(): Array<[string, string]> {
  const budgets = JSON.parse(readFileSync(path.join(siteDir, 'budgets.json'), 'utf8')) as Budgets;
  const kinds = Object.entries(budgets.firstVisitGzipKB).map(([kind, entry]): [string, string] => [
    kind,
    entry.route,
  ]);
  // The page with the most HTML, unless budgets.json already lists it.
  const heaviest = heaviestPage();
  const all: Array<[string, string]> = kinds.some(([, route]) => route === heaviest)
    ? kinds
    : [...kinds, ['heaviest page', heaviest]];
  // BENCH_ONLY="home page,blog post" limits a run to some page kinds.
  const only = process.env.BENCH_ONLY?.split(',').map((kind) => kind.trim());
  return only ? all.filter(([kind]) => only.includes(kind)) : all;
}

/** The docs page whose HTML is largest. */
function heaviestPage(): string {
  let best = {route: '/', size: 0};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() && !['assets', 'blog', 'docs', 'img'].includes(entry.name)) walk(file);
      else if (entry.isFile() && entry.name.endsWith('.html') && entry.name !== '404.html') {
        const size = statSync(file).size;
        if (size > best.size)
          best = {
            route: `/${path
              .relative(buildDir, file)
              .replace(/\.html$/, '')
              .replace(/^index$/, '')}`,
            size,
          };
      }
    }
  };
  walk(buildDir);
  return best.route;
}

function coldBuild(): number {
  for (const dir of ['build', '.docusaurus', 'node_modules/.cache'])
    rmSync(path.join(siteDir, dir), {recursive: true, force: true});
  const start = Date.now();
  const result = spawnSync('npx', ['docusaurus', 'build'], {cwd: siteDir, stdio: 'inherit'});
  if (result.status !== 0) throw new Error('the build failed');
  return (Date.now() - start) / 1000;
}

/**
 * The value a share `at` (0 to 1) of the values come up to, by rank: at 0.5 the median (of the two
 * in the middle, the higher), at 0.25 and 0.75 the quartiles.
 */
const quantile = (values: number[], at: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.round((sorted.length - 1) * at)] ?? Number.NaN;
};
const median = (values: number[]): number => quantile(values, 0.5);
/** A figure rounded to 0.1. */
const tenths = (value: number): number => Math.round(value * 10) / 10;

type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

async function lighthouseRuns(
  url: string,
  formFactor: 'mobile' | 'desktop',
  status: number,
): Promise<LighthouseFigures> {
  const {default: lighthouse} = await import('lighthouse');
  const {default: desktopConfig} = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags});
    try {
      const result = await lighthouse(
        url,
        // The not-found page answers 404 by design; Lighthouse stops on an error status unless told.
        {port: chrome.port, output: 'json', logLevel: 'error', ignoreStatusCode: status === 404},
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      });
    } finally {
      chrome.kill();
    }
  }
  const keys = Object.keys(results[0] ?? {}) as Array<keyof LighthouseFigures>;
  return Object.fromEntries(
    keys.map((key) => [key, median(results.map((result) => result[key]))]),
  ) as LighthouseFigures;
}

async function firstVisit(browser: Browser, url: string): Promise<FirstVisitBytes> {
  const context = await browser.newContext({viewport: {width: 412, height: 823}});
  const bytes = await firstVisitBytes(await context.newPage(), url);
  await context.close();
  return bytes;
}

/**
 * How many new pages `queryToResults` types its queries on. A single page's eight queries varied
 * by 20 ms from one run to the next on this machine, more than the changes being measured.
 */
const queryRounds = 5;

/** The queries `queryToResults` times, typed one after another on each page. */
const timedQueries = [
  'liveness',
  'webhook signature',
  'decline',
  'threshold',
  'idempotency',
  'client token',
  'face search',
  'licence',
];

/**
 * Milliseconds from the last keystroke of a query to results on screen: each query typed on
 * `queryRounds` new pages (the first query loads what it reads, as a reader's would); the median
 * and the quartiles over all of them.
 */
async function queryToResults(
  browser: Browser,
  baseUrl: string,
): Promise<{median: number; quartiles: [number, number]}> {
  const times: number[] = [];
  for (let round = 0; round < queryRounds; round += 1) times.push(...(await queryTimes(browser, baseUrl)));
  const measured = times.filter((time) => !Number.isNaN(time));
  return {
    median: tenths(median(measured)),
    quartiles: [tenths(quantile(measured, 0.25)), tenths(quantile(measured, 0.75))],
  };
}

/** The time of each of several queries typed one after another on a new page. */
async function queryTimes(browser: Browser, baseUrl: string): Promise<number[]> {
  const page = await browser.newPage({viewport: {width: 1280, height: 800}});
  await page.goto(`${baseUrl}/auth`);
  const box = page.getByLabel('Search', {exact: true});
  await box.click();
  await page.waitForFunction(
    () => document.querySelector('input[aria-label="Search"]')?.getAttribute('placeholder') === 'Search',
  );
  const times: number[] = [];
  for (const query of timedQueries) {
    await box.fill('');
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const elapsed = await page.evaluate(async (text) => {
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Search"]');
      if (!input) return Number.NaN;
      const start = performance.now();
      const result = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('[role="listbox"] [role="option"]')) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(document.body, {childList: true, subtree: true, attributes: true});
        setTimeout(() => resolve(Number.NaN), 5000);
      });
      input.value = text;
      input.dispatchEvent(new Event('input', {bubbles: true}));
      return result;
    }, query);
    times.push(elapsed);
  }
  await page.close();
  return times;
}

/** Search quality (./lib/searchQuality.ts) over each query set and over all of them. */
function searchQuality(): (Omit<Quality, 'misses'> & {set: string})[] {
  const engine = builtEngine(buildDir);
  const sets = querySets(siteDir).map((set) => ({set: set.label, queries: readQueries(set.file)}));
  const all = {set: 'all', queries: sets.flatMap((set) => set.queries)};
  // The questions written for tuning, and the set kept out of it: each as a whole and by group.
  const byGroup = (label: string, queries: Query[]): {set: string; queries: Query[]}[] => [
    {set: label, queries},
    ...[...new Set(queries.map((query) => query.group ?? ''))].map((group) => ({
      set: `${label}, ${group}`,
      queries: queries.filter((query) => query.group === group),
    })),
  ];
  const heldSets = [
    ...byGroup('questions (tuning)', tuningQuestions(siteDir).queries),
    ...byGroup('held out', heldOut(siteDir).queries),
  ];
  return [...sets, all, ...heldSets].map(({set, queries}) => {
    const figures = quality(engine, queries);
    return {set, queries: figures.queries, hitAt1: figures.hitAt1, hitAt5: figures.hitAt5, mrr: figures.mrr};
  });
}

/**
 * What the first query typed in the search box downloads (the worker's script, the index's head
 * and the parts the query reads), gzip level 6.
 */
async function searchFirstQueryBytes(browser: Browser, baseUrl: string, query: string): Promise<number> {
  const page = await browser.newPage({viewport: {width: 1280, height: 800}});
  await page.goto(`${baseUrl}/auth`, {waitUntil: 'networkidle'});
  let gzip = 0;
  const reads: Array<Promise<void>> = [];
  page.on('response', (response) => {
    reads.push(
      response.body().then(
        (body) => {
          gzip += gzipSync(body, {level: 6}).length;
        },
        () => undefined,
      ),
    );
  });
  const box = page.getByLabel('Search', {exact: true});
  await box.click();
  await box.fill(query);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(reads);
  await page.close();
  return gzip;
}

/** A median, rounded to 0.1. */
const medianOf = (values: number[]): number => tenths(median(values));

/**
 * The search index of the build in `dir`: its bytes, what the first query of each query set's
 * queries downloads of it (computed, as the browser fetches it), and in the browser the median time
 * from a typed query to results and what a first query downloads with the worker's script.
 */
async function searchIndexFigures(browser: Browser, dir: string) {
  const server = await startNginx(dir);
  try {
    const queries = querySets(siteDir).flatMap((set) => readQueries(set.file).map((query) => query.q));
    const firstQueryGzip = (await firstQueries(dir, queries)).map((figures) => figures.gzip);
    return {
      ...indexBytes(dir),
      firstQueryGzip: {median: medianOf(firstQueryGzip), max: Math.max(...firstQueryGzip)},
      browserFirstQueryGzip: await searchFirstQueryBytes(browser, server.baseUrl, 'liveness'),
      queryToResultsMs: await queryToResults(browser, server.baseUrl),
    };
  } finally {
    await server.stop();
  }
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const buildSeconds = process.env.BENCH_SKIP_BUILD ? Number.NaN : coldBuild();
  const server = await startNginx(buildDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    const pages = [];
    for (const [kind, route] of pageKinds()) {
      const url = `${server.baseUrl}${route}`;
      const {status} = await fetch(url, {method: 'HEAD'});
      const bytes = await firstVisit(browser, url);
      const mobile = await lighthouseRuns(url, 'mobile', status);
      const desktop = await lighthouseRuns(url, 'desktop', status);
      pages.push({kind, route, status, bytes, mobile, desktop});
      console.log(`measured ${kind} (${route})`);
    }
    const index = await searchIndexFigures(browser, buildDir);
    // The docs five times over (./lib/searchIndex.ts): how the index and a first query grow.
    const fiveTimesDir = await buildWithDocsTimes(siteDir, buildDir, 5);
    const fiveTimes = await searchIndexFigures(browser, fiveTimesDir).finally(() =>
      rmSync(fiveTimesDir, {recursive: true, force: true}),
    );
    const searchQualityBySet = searchQuality();
    const writers = await devServerFigures(siteDir, browser);
    const results = {
      date: new Date().toISOString(),
      runs,
      buildSeconds,
      writers,
      searchIndex: {...index, docsFiveTimes: fiveTimes, quality: searchQualityBySet},
      pages,
    };
    mkdirSync(path.join(siteDir, 'bench-results'), {recursive: true});
    writeFileSync(path.join(siteDir, 'bench-results/bench.json'), `${JSON.stringify(results, null, 2)}\n`);

    const rows = pages.map((entry) => ({
      'page kind': `${entry.kind} (${entry.route}${entry.status === 200 ? '' : `, ${entry.status}`})`,
      'mobile perf': entry.mobile.performance,
      'desktop perf': entry.desktop.performance,
      a11y: entry.mobile.accessibility,
      'best pr.': entry.mobile.bestPractices,
      SEO: entry.mobile.seo,
      'LCP ms (m)': entry.mobile.lcpMs,
      'TBT ms (m)': entry.mobile.tbtMs,
      'CLS (m)': entry.mobile.cls,
      'JS KB raw/gz': `${kb(entry.bytes.jsRaw)} / ${kb(entry.bytes.jsGzip)}`,
      'CSS KB raw/gz': `${kb(entry.bytes.cssRaw)} / ${kb(entry.bytes.cssGzip)}`,
    }));
    console.table(rows);
    for (const [label, figures] of [
      ['search index', index],
      ['search index, docs five times', fiveTimes],
    ] as const) {
      console.log(
        `${label}: ${kb(figures.raw)} KB raw, ${kb(figures.gzip)} KB gzip in ${figures.files} files, head ${kb(figures.headGzip)} KB; a first query downloads ${kb(figures.firstQueryGzip.median)} KB gzip of it (median of the query sets, at most ${kb(figures.firstQueryGzip.max)} KB), ${kb(figures.browserFirstQueryGzip)} KB with the worker in the browser ("liveness"); query to results, fetches included: median ${figures.queryToResultsMs.median} ms (quartiles ${figures.queryToResultsMs.quartiles.join('–')} ms, ${String(queryRounds * timedQueries.length)} queries)`,
      );
    }
    for (const figures of searchQualityBySet) {
      console.log(
        `search quality, ${figures.set} (${figures.queries} queries): hit@1 ${figures.hitAt1} %, hit@5 ${figures.hitAt5} %, MRR ${figures.mrr}`,
      );
    }
    console.log(`cold build: ${Number.isNaN(buildSeconds) ? 'skipped' : `${buildSeconds.toFixed(1)} s`}`);
    console.log(
      `npm start ready: ${writers.coldReadySeconds.toFixed(1)} s cold, ${writers.warmReadySeconds.toFixed(1)} s warm; a first page: ${writers.firstPageSeconds.cold.toFixed(1)} s cold, ${writers.firstPageSeconds.warm.toFixed(1)} s warm; an edit on its open page: ${Object.entries(
        writers.editToPageSeconds,
      )
        .map(([what, seconds]) => `${what} ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
    console.log('figures written to bench-results/bench.json');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
