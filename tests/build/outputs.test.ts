/**
 * What the build writes besides the pages: /llms.txt, /llms-full.txt and a Markdown version
 * of every docs page; the published contract, with values where the source writes placeholders
 * (`%{limits.…}`); the Content-Security-Policy, whose script
 * hashes must match the inline scripts the build emits; an anchor on every table row; and a
 * search index that answers every query of the query sets (tests/search).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {parse as parseYaml} from 'yaml';
import {expandContractStrings} from '../../plugins/vultus-contract/contract/contract';
import {blockMarkdown} from '../../plugins/vultus-contract/mdast';
import {repeatedBlockMinBytes} from '../../plugins/vultus-contract/outputs/repeats';
import {agentsNote} from '../../plugins/vultus-contract/outputs/agents';
import {inlineScriptHashes} from '../../scripts/lib/csp';
import {heldOut, quality, querySets, readQueries, tuningQuestions} from '../../scripts/lib/searchQuality';
import {buildWithDocsTimes, builtEngine, firstQueries, indexBytes} from '../../scripts/lib/searchIndex';
import {markdownPath} from '../../src/lib/markdownPath';
import {declineAnchor, errorAnchor, operationAnchor} from '../../src/lib/anchors';
import type {SearchFilter} from '../../src/lib/search/facets';

const siteDir = path.resolve(__dirname, '../..');
const buildDir = path.join(siteDir, 'build');
const pageMap = JSON.parse(readFileSync(path.join(siteDir, 'tests/page-map.json'), 'utf8')) as {
  docs: Array<{route: string; title: string}>;
};
const siteUrl = 'https://docs.vultus.example';

const read = (file: string): string => readFileSync(path.join(buildDir, file), 'utf8');

test('llms.txt follows the llmstxt.org shape and lists every docs page exactly once', () => {
  const llms = read('llms.txt');
  assert.match(llms, /^# Vultus Docs\n\n> .{100,}\n/);
  for (const section of ['General', 'Services', 'On-premise', 'Web SDKs', 'Metrics', 'Parameters']) {
    assert.match(llms, new RegExp(`^## ${section}$`, 'm'), `section ${section}`);
  }
  const links = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\): (.+)$/gm)];
  const docsLinks = links.map((match) => match[2] as string).filter((url) => url.endsWith('.md'));
  for (const {route, title} of pageMap.docs) {
    const url = `${siteUrl}${markdownPath(route)}`;
    assert.equal(docsLinks.filter((link) => link === url).length, 1, `${route} listed once`);
    assert.ok(
      links.some((match) => match[1] === title && match[2] === url),
      `${route} listed with its title`,
    );
  }
  assert.equal(docsLinks.length, pageMap.docs.length, 'nothing else listed as a docs page');
  for (const match of links) {
    const file = (match[2] as string).replace(siteUrl, '');
    assert.ok(existsSync(path.join(buildDir, file)), `${match[2]} exists in the build`);
    assert.ok((match[3] as string).length > 40, `${match[2]} has a description`);
  }
  assert.ok(llms.includes(`${siteUrl}/openapi.yaml`), 'links the OpenAPI contract');
  assert.ok(existsSync(path.join(buildDir, 'openapi.yaml')), 'the contract is published');
});

test('no built file holds the path of the machine that built it (the config the client bundle carries included)', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  const textFiles = files(buildDir).filter((file) => /\.(html|js|css|json|md|txt|xml|yaml)$/.test(file));
  assert.ok(textFiles.length > 100, `${textFiles.length} text files`);
  const holding = textFiles.filter((file) => readFileSync(file, 'utf8').includes(siteDir));
  assert.deepEqual(
    holding.map((file) => path.relative(buildDir, file)),
    [],
    `files that hold ${siteDir}`,
  );
});

test('the published contract parses, holds no placeholder and states the values of x-limits', () => {
  const published = read('openapi.yaml');
  assert.match(published, /^openapi: 3\.1\.0$/m);
  assert.doesNotMatch(published, /%\{/, 'a placeholder was published');
  const source = readFileSync(path.join(siteDir, 'contract/openapi.yaml'), 'utf8');
  assert.match(source, /%\{limits\./, 'the source writes placeholders (or this test checks nothing)');
  const document = parseYaml(published) as Record<string, unknown>;
  const written = parseYaml(source) as Record<string, unknown>;
  assert.deepEqual(document['x-limits'], written['x-limits'], 'x-limits as written');
  assert.deepEqual(document, expandContractStrings(written), 'every string as the loader expands it');
  assert.ok(published.includes('# Worked examples of Vultus-Signature'), 'the comments are kept');

  // Spot checks in the text a reader sees, from the numbers of x-limits and a schema default.
  const limits = written['x-limits'] as {
    image: {max_bytes: number; min_face_width_px: number};
    face_search_top_k: {min: number; max: number; default: number};
    collection_max_faces: number;
  };
  const {min, max} = limits.face_search_top_k;
  const schemas = (document.components as {schemas: Record<string, {description?: string}>}).schemas;
  const paths = document.paths as Record<string, {post?: {description?: string}}>;
  const threshold = (
    (written.components as {schemas: Record<string, {properties: Record<string, {default?: number}>}>})
      .schemas.FaceSearchConfig?.properties.threshold?.default ?? Number.NaN
  ).toFixed(2);
  const search = paths['/face/search']?.post?.description ?? '';
  assert.ok(search.includes(`(${min} to ${max}, default ${limits.face_search_top_k.default})`), search);
  assert.ok(search.includes(`(default ${threshold})`), search);
  const image = schemas.Image?.description ?? '';
  const mb = `${limits.image.max_bytes / 1048576} MB (${limits.image.max_bytes.toLocaleString('en-US')} bytes)`;
  assert.ok(image.includes(mb), image);
  assert.ok(image.includes(`at least ${limits.image.min_face_width_px} px wide`), image);
  const full = (document['x-error-codes'] as Array<{code: string; fix: string}>).find(
    (entry) => entry.code === 'collection_full',
  );
  assert.ok(full?.fix.includes(`${limits.collection_max_faces.toLocaleString('en-US')} faces`), full?.fix);
});

test('every docs page has a Markdown version with its title, its tables and no JSX or imports', () => {
  for (const {route, title} of pageMap.docs) {
    const file = markdownPath(route);
    const markdown = read(file);
    assert.ok(markdown.startsWith(`# ${title}\n`), `${file} starts with its title`);
    const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
    const prose = withoutCode.replace(/`[^`\n]*`/g, '');
    assert.doesNotMatch(prose, /^import\s|^export\s/m, `${file} has no import or export lines`);
    assert.doesNotMatch(prose, /<\/?[A-Z][A-Za-z]*[\s/>]/, `${file} has no JSX component tags`);
    assert.doesNotMatch(prose, /^:{2,3}[a-z-]+/m, `${file} has no unexpanded directives`);
    const html = read(route === '/' ? 'index.html' : `${route.slice(1)}.html`);
    const tablesInHtml = (html.match(/<table/g) ?? []).length;
    const tablesInMarkdown = (withoutCode.match(/^\|(?: *:?-+:? *\|)+ *$/gm) ?? []).length;
    assert.equal(
      tablesInMarkdown,
      tablesInHtml,
      `${file}: the page's ${tablesInHtml} tables, as Markdown tables`,
    );
  }
});

/** The top-level blocks of a Markdown text (paragraphs, lists, tables, code), as written. */
function blocksOf(markdown: string): string[] {
  return blockMarkdown(markdown)
    .filter((node) => node.type !== 'heading' && node.type !== 'thematicBreak')
    .map((node) => markdown.slice(node.position?.start.offset, node.position?.end.offset));
}

test('llms-full.txt holds every docs page in full, in sidebar order first, each long block once', () => {
  const full = read('llms-full.txt');
  let last = -1;
  for (const route of ['/', '/auth', '/requests', '/responses']) {
    const title = pageMap.docs.find((entry) => entry.route === route)?.title ?? '';
    const at = full.indexOf(`\n# ${title}\n`);
    assert.ok(at > last, `${route} appears after the previous sidebar page`);
    last = at;
  }
  const fullLines = new Set(full.split('\n'));
  for (const {route, title} of pageMap.docs) {
    assert.ok(full.includes(`# ${title}\n\n`), `${route} is in llms-full.txt`);
    // A nested list that an earlier place shows (the fields of a shared object) is a reference line:
    // every other line of the block is there as it is.
    // A block that links to its own page is stated once for every page that shows it.
    const own = `${siteUrl}${route}#`;
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const anyPage = (text: string) =>
      new RegExp(
        escape(text)
          .split(escape(own))
          .join(`${escape(siteUrl)}/[^)#\\s]*#`),
      );
    // The line for agents under each page's source is for the Markdown versions only.
    const missing = blocksOf(read(markdownPath(route))).filter(
      (block) =>
        block !== agentsNote &&
        !full.includes(block) &&
        !(block.includes(own) && anyPage(block).test(full)) &&
        block.split('\n').some((line) => !fullLines.has(line) && !/^\s+\S/.test(line)),
    );
    assert.deepEqual(missing, [], `${route}: every block of its Markdown version is in llms-full.txt`);
  }
  const seen = new Set<string>();
  const repeated = blocksOf(full).filter((block) => {
    if (Buffer.byteLength(block) < repeatedBlockMinBytes) return false;
    const again = seen.has(block);
    seen.add(block);
    return again;
  });
  assert.deepEqual(
    repeated.map((block) => block.slice(0, 80)),
    [],
    'a long block stated twice',
  );
  const references = [
    ...full.matchAll(
      /^\s*The same (?:table|code|list|text) as (?:“[^”]+” )?under \[([^\]]+)\]\(([^)#]+)#([^)]+)\)/gm,
    ),
  ];
  assert.ok(references.length > 50, `${references.length} blocks the site repeats are referred to`);
  for (const [line, heading = '', url = '', id = ''] of references) {
    const route = url.slice(siteUrl.length) || '/';
    const $ = load(read(route === '/' ? 'index.html' : `${route.slice(1)}.html`));
    const target = $(`[id="${id}"]`);
    assert.equal(target.length, 1, `${line}: the page has the anchor`);
    assert.ok(target.text().includes(heading), `${line}: the anchor is on the heading it names`);
  }
});

test('every link to a place in a page, in the Markdown versions and llms-full.txt, lands on an anchor the built page has', () => {
  const idsOf = new Map<string, Set<string>>();
  const ids = (route: string): Set<string> => {
    let found = idsOf.get(route);
    if (!found) {
      const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
      const $ = load(existsSync(path.join(buildDir, file)) ? read(file) : '');
      found = new Set(
        $('[id]')
          .toArray()
          .map((element) => $(element).attr('id') ?? ''),
      );
      idsOf.set(route, found);
    }
    return found;
  };
  const broken: string[] = [];
  let checked = 0;
  const outputs = [...pageMap.docs.map(({route}) => markdownPath(route)), '/llms-full.txt'];
  for (const file of outputs) {
    const markdown = read(file);
    for (const [, target = '', hash = ''] of markdown.matchAll(
      /\]\((https:\/\/docs\.vultus\.example[^)#\s]*)#([^)\s]+)\)/g,
    )) {
      const linked = target.slice(siteUrl.length) || '/';
      checked += 1;
      if (linked.endsWith('.md') || !ids(linked).has(decodeURIComponent(hash)))
        broken.push(`${file} → ${linked}#${hash}`);
    }
  }
  assert.ok(checked > 500, `${checked} links checked`);
  assert.deepEqual([...new Set(broken)], []);
});

test('every Markdown version names, under its source, the index, the full file, the skill and the MCP server; llms.txt opens with instructions for agents', () => {
  const note = `For AI agents: [llms.txt](${siteUrl}/llms.txt) lists every page, [llms-full.txt](${siteUrl}/llms-full.txt)`;
  assert.ok(agentsNote.startsWith(note));
  for (const {route} of pageMap.docs) {
    const markdown = read(markdownPath(route));
    const [, , , , source, , agents] = markdown.split('\n');
    assert.equal(source, `Source: ${siteUrl}${route}`, `${route}: its source`);
    assert.ok(agents?.startsWith(note), `${route}: the line for agents`);
    assert.ok(
      agents?.includes(`(${siteUrl}/skill.md)`) && agents.includes(`(${siteUrl}/ai-assistants.md)`),
      route,
    );
  }
  assert.ok(
    !read('llms-full.txt').includes(note),
    'llms-full.txt, which an agent has already found, does not repeat it on every page',
  );
  const llms = read('llms.txt');
  const instructions = llms.indexOf('\n## Instructions for agents\n');
  assert.ok(instructions > 0 && instructions < llms.indexOf('\n## General\n'), 'the instructions come first');
  assert.match(llms.slice(instructions), /^\n## Instructions for agents\n\n(- .+\n){4,}\n## General/);
});

test('every link of the Markdown versions, llms.txt, llms-full.txt and skill.md works outside the site: absolute, and a file of the site exists', () => {
  const problems: string[] = [];
  let checked = 0;
  const outputs = [
    ...pageMap.docs.map(({route}) => markdownPath(route)),
    '/llms.txt',
    '/llms-full.txt',
    '/skill.md',
  ];
  for (const file of outputs) {
    for (const [, url = ''] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      checked += 1;
      if (!/^(https?:\/\/|mailto:)/.test(url)) {
        problems.push(`${file}: ${url} is not an absolute link`);
        continue;
      }
      if (!url.startsWith(siteUrl)) continue;
      const target = url.slice(siteUrl.length).split('#')[0] ?? '';
      const built = target === '' || target === '/' ? 'index.html' : target.slice(1);
      if (!existsSync(path.join(buildDir, built)) && !existsSync(path.join(buildDir, `${built}.html`)))
        problems.push(`${file}: ${url}: the build has no ${target}`);
    }
  }
  assert.ok(checked > 1000, `${checked} links checked`);
  assert.deepEqual([...new Set(problems)], []);
});

test('the Content-Security-Policy allows exactly the inline scripts the build emits', async () => {
  const hashes = [...(await inlineScriptHashes(buildDir)).keys()].sort();
  const conf = readFileSync(path.join(siteDir, 'deploy/nginx/csp.conf'), 'utf8');
  const allowed = (/script-src ([^;"]+)/.exec(conf)?.[1] ?? '')
    .split(' ')
    .filter((token) => token.startsWith("'sha256-"))
    .sort();
  assert.ok(hashes.length > 0, 'the build has inline scripts');
  assert.deepEqual(
    allowed,
    hashes,
    'deploy/nginx/csp.conf is out of date with the build: run `npm run build && npm run csp` and commit the result',
  );
});

test('code is highlighted in the HTML and the browser scripts carry no Prism grammars', () => {
  const html = read('services/face-match.html');
  assert.match(
    html,
    /<div class="language-bash [^"]*"><div[^>]*><pre[^>]*class="prism-code [^"]*"[^>]*><code[^>]*>(?:(?!<\/code>)[\s\S])*?<span class=f>curl<\/span>/,
  );
  const scripts = readdirSync(path.join(buildDir, 'assets/js')).filter((file) => file.endsWith('.js'));
  const withGrammars = scripts.filter((file) => /languages\.[a-z]+=/.test(read(`assets/js/${file}`)));
  assert.deepEqual(withGrammars, [], 'Prism grammars in the client bundle (see plugins/code-highlight)');
});

test('the browser scripts call no tslib helper that the client bundle leaves out (plugins/client-tslib)', async () => {
  const kept = new Set(Object.keys(await import('../../plugins/client-tslib/helpers.mjs')));
  const left = Object.keys(await import('tslib')).filter((name) => name.startsWith('__') && !kept.has(name));
  assert.ok(left.length > 20, 'tslib has helpers the client bundle leaves out');
  // A call of a required module's helper: `r.__awaiter(` or `(0,r.__awaiter)(`. TypeScript's own
  // inline helpers (`e&&e.__exportStar||function`) are not calls.
  const calls = new RegExp(`\\.(${left.join('|')})\\)?\\(`, 'g');
  const scripts = readdirSync(path.join(buildDir, 'assets/js')).filter((file) => file.endsWith('.js'));
  const found = scripts.flatMap((file) =>
    [...read(`assets/js/${file}`).matchAll(calls)].map((match) => `${file}: ${match[1] ?? ''}`),
  );
  assert.deepEqual(found, [], 'helpers to add to plugins/client-tslib/helpers.mjs');
});

test('no HTML page, Markdown version or llms-full.txt is over its byte budget (budgets.json)', () => {
  const {buildFileKB: budget} = JSON.parse(readFileSync(path.join(siteDir, 'budgets.json'), 'utf8')) as {
    buildFileKB: {htmlPage: number; markdownPage: number; llmsFull: number};
  };
  const kb = (file: string): number =>
    Math.round((statSync(path.join(buildDir, file)).size / 1024) * 10) / 10;
  const files = readdirSync(buildDir, {recursive: true, encoding: 'utf8'}).filter(
    (file) => !file.startsWith('assets'),
  );
  const heaviest = (extension: string): Array<[string, number]> =>
    files
      .filter((file) => file.endsWith(extension))
      .map((file): [string, number] => [file, kb(file)])
      .sort((a, b) => b[1] - a[1]);
  const html = heaviest('.html');
  const markdown = heaviest('.md');
  assert.ok(html.length > 40 && markdown.length > 30, 'pages were measured');
  console.log(
    `heaviest HTML ${html[0]?.join(' ')} KB; Markdown ${markdown[0]?.join(' ')} KB; llms-full.txt ${kb('llms-full.txt')} KB`,
  );
  assert.deepEqual(
    html.filter(([, size]) => size > budget.htmlPage),
    [],
    `HTML pages over ${budget.htmlPage} KB`,
  );
  assert.deepEqual(
    markdown.filter(([, size]) => size > budget.markdownPage),
    [],
    `Markdown versions over ${budget.markdownPage} KB`,
  );
  assert.ok(
    kb('llms-full.txt') <= budget.llmsFull,
    `llms-full.txt is ${kb('llms-full.txt')} KB, over ${budget.llmsFull}`,
  );
});

test('every table row of every docs page has an anchor of its own, unique on its page', () => {
  for (const {route} of pageMap.docs) {
    const $ = load(read(route === '/' ? 'index.html' : `${route.slice(1)}.html`));
    const ids = $('[id]')
      .toArray()
      .map((element) => $(element).attr('id'));
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    assert.deepEqual([...new Set(repeated)], [], `${route}: ids used twice`);
    $('article tbody > tr').each((_, row) => {
      const anchor = $(row).attr('id') ?? $(row).children().first().find('[id]').attr('id');
      assert.ok(anchor, `${route}: the row "${$(row).children().first().text()}" has no anchor`);
    });
  }
});

test('the built search index answers every query of every query set in its first five results', () => {
  const engine = builtEngine(buildDir);
  for (const set of querySets(siteDir)) {
    const figures = quality(engine, readQueries(set.file));
    assert.ok(figures.queries >= 30, `${set.label}: ${figures.queries} queries`);
    assert.deepEqual(
      figures.misses.map(
        (miss) => `"${miss.q}" wants ${miss.routes.join(' or ')}, got ${miss.got.join(', ')}`,
      ),
      [],
      `${set.label}: queries without an answer in the first five`,
    );
  }
});

const budgets = JSON.parse(readFileSync(path.join(siteDir, 'budgets.json'), 'utf8')) as {
  searchFirstQueryGzipKB: number;
  searchFirstQueryGzipKBDocsFiveTimes: number;
};

/**
 * What the first queries of `queries` do on a reader's new page of the build `dir`: those answered
 * otherwise than by the whole index, and the heaviest download as a message if it is over
 * `budgetKB` or over half the index.
 */
async function firstQueriesChecked(
  dir: string,
  queries: string[],
  budgetKB: number,
): Promise<{answeredOtherwise: string[]; overBudget: string[]}> {
  const whole = builtEngine(dir);
  const answers = await firstQueries(dir, queries);
  const heaviest = answers.reduce((most, answer) => (answer.gzip > most.gzip ? answer : most));
  const heaviestKB = heaviest.gzip / 1024;
  const halfKB = indexBytes(dir).gzip / 1024 / 2;
  return {
    answeredOtherwise: answers
      .filter(
        ({query, urls}) =>
          urls.join(' ') !==
          whole
            .search(query, 8)
            .map((hit) => hit.url)
            .join(' '),
      )
      .map(({query}) => query),
    overBudget:
      heaviestKB <= Math.min(budgetKB, halfKB)
        ? []
        : [
            `"${heaviest.query}" downloads ${heaviestKB.toFixed(1)} KB in ${heaviest.files} files (budget ${budgetKB} KB, half the index ${halfKB.toFixed(1)} KB)`,
          ],
  };
}

const allQueries = (): string[] =>
  querySets(siteDir).flatMap((set) => readQueries(set.file).map((query) => query.q));

test(`a first query downloads the index's head and the parts it reads, at most ${budgets.searchFirstQueryGzipKB} KB gzip, and answers as the whole index does, for every query of every query set`, async () => {
  // Not the whole index either: the heaviest query reads less than half of it.
  assert.deepEqual(await firstQueriesChecked(buildDir, allQueries(), budgets.searchFirstQueryGzipKB), {
    answeredOtherwise: [],
    overBudget: [],
  });
});

test(`with the docs five times over, every fifth query of the query sets, as a first query, still downloads at most ${budgets.searchFirstQueryGzipKBDocsFiveTimes} KB gzip of the index, and answers as the whole index does`, async () => {
  const dir = await buildWithDocsTimes(siteDir, buildDir, 5);
  try {
    // Every fifth query of the query sets, each on a new page (the test above reads them all at
    // 1×; a new page costs a new engine over a head five times as large). `npm run bench` gives
    // the median and the heaviest of them all.
    const sample = allQueries().filter((_, at) => at % 5 === 0);
    assert.deepEqual(await firstQueriesChecked(dir, sample, budgets.searchFirstQueryGzipKBDocsFiveTimes), {
      answeredOtherwise: [],
      overBudget: [],
    });
    // The copies are indexed: the index is about five times the site's.
    assert.ok(indexBytes(dir).raw > 3.5 * indexBytes(buildDir).raw, 'the index holds the docs five times');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

for (const [label, set] of [
  ['the questions written for tuning', tuningQuestions(siteDir)],
  ['the held-out queries, kept out of the tuning,', heldOut(siteDir)],
] as const) {
  test(`${label} answer at least as well as their floor (the figures reached when it was set)`, () => {
    const {queries, floor} = set;
    assert.ok(queries.length >= 60, `${queries.length} queries`);
    const figures = quality(builtEngine(buildDir), queries);
    const misses = figures.misses
      .map((miss) => `"${miss.q}" got ${miss.got.slice(0, 3).join(', ')}`)
      .join('\n');
    assert.ok(figures.hitAt5 >= floor.hitAt5, `hit@5 ${figures.hitAt5} % < ${floor.hitAt5} %:\n${misses}`);
    assert.ok(figures.hitAt1 >= floor.hitAt1, `hit@1 ${figures.hitAt1} % < ${floor.hitAt1} %`);
  });
}

test('the index knows what each entry is: every error code, decline reason, operation, webhook event, configuration key and Helm value, each under its kind, each deprecated model version as deprecated, and a filter keeps only its kind, deployment and status', () => {
  const engine = builtEngine(buildDir);
  const contract = parseYaml(read('openapi.yaml')) as {
    paths: Record<string, Record<string, {operationId?: string; summary?: string}>>;
    webhooks: Record<string, Record<string, {operationId?: string; summary?: string}>>;
    'x-error-codes': Array<{code: string; status: number | null}>;
    'x-decline-reasons': Array<{code: string}>;
  };
  const found = (query: string, filter: SearchFilter, url: string): string | undefined => {
    const hits = engine.search(query, 100, filter);
    const wrong = hits.filter(
      (hit) =>
        (filter.kind && hit.contentKind !== filter.kind) ||
        (filter.deployment && !hit.deployments.includes(filter.deployment)),
    );
    if (wrong.length > 0)
      return `${query}: the filter ${JSON.stringify(filter)} let through ${wrong[0]?.url}`;
    // `url` is a route and an anchor, or `*#anchor` for the anchor on whichever page shows it.
    const matches = (hit: {url: string; hash: string}): boolean =>
      url.startsWith('*') ? hit.hash === url.slice(1) : hit.url === url;
    return hits.some(matches) ? undefined : `${query}: no ${filter.kind} entry ${url}`;
  };
  const operations = (
    group: Record<string, Record<string, {operationId?: string; summary?: string}>>,
  ): Array<{operationId: string; summary: string}> =>
    Object.values(group).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        operation.operationId && operation.summary
          ? [{operationId: operation.operationId, summary: operation.summary}]
          : [],
      ),
    );
  const config = parseYaml(readFileSync(path.join(siteDir, 'data/onprem/config.yaml'), 'utf8')) as {
    keys: Array<{key: string}>;
  };
  const helm = parseYaml(readFileSync(path.join(siteDir, 'data/onprem/helm-values.yaml'), 'utf8')) as {
    chart_values: Array<{key: string}>;
  };
  const pageOf = (operationId: string): string =>
    [...read('openapi.yaml').matchAll(/operationId: (\w+)\n(?:.*\n)*?\s+x-doc-page: (\S+)/g)].find(
      (match) => match[1] === operationId,
    )?.[2] ?? '';
  const problems = [
    ...contract['x-error-codes'].map((entry) =>
      // Most codes are on /responses; the authentication errors are on /auth.
      found(entry.code, {kind: 'error-code'}, `*#${errorAnchor(entry.code)}`),
    ),
    ...contract['x-decline-reasons'].map((entry) =>
      found(entry.code, {kind: 'decline-reason'}, `/decline-reasons#${declineAnchor(entry.code)}`),
    ),
    ...operations(contract.paths).map(({operationId, summary}) =>
      found(summary, {kind: 'operation'}, `${pageOf(operationId)}#${operationAnchor(operationId)}`),
    ),
    ...operations(contract.webhooks).map(({operationId, summary}) =>
      found(summary, {kind: 'webhook-event'}, `/responses#${operationAnchor(operationId)}`),
    ),
    ...config.keys.map(({key}) =>
      found(
        key,
        {kind: 'config-key', deployment: 'on-premise'},
        `/onprem-services/merged-solutions#every-key-${key.replace(/\./g, '')}`,
      ),
    ),
    ...helm.chart_values.map(({key}) =>
      found(
        key,
        {kind: 'config-key'},
        `/onprem-services/merged-solutions#helm-values-${key.replace(/\./g, '').toLowerCase()}`,
      ),
    ),
  ].filter((problem): problem is string => problem !== undefined);
  assert.deepEqual(problems, []);
  // What is deprecated: each deprecated model version, in the revision history's catalogue, and no
  // version that is not deprecated.
  const versions = (
    parseYaml(read('openapi.yaml')) as {
      'x-model-versions': Array<{model_version: string; status: string}>;
    }
  )['x-model-versions'];
  const deprecated = new Set(
    versions.filter((version) => version.status === 'deprecated').map((version) => version.model_version),
  );
  assert.ok(deprecated.size > 0, 'a deprecated model version to find');
  for (const version of versions) {
    const hits = engine.search(version.model_version, 100, {status: 'deprecated'});
    const wrong = hits.find((hit) => !hit.deprecated || (hit.kind === 'row' && !deprecated.has(hit.title)));
    assert.equal(wrong, undefined, `${version.model_version}: the status filter let through ${wrong?.url}`);
    const found = hits.some(
      (hit) => hit.url === `/revision-history#model-versions-${version.model_version.replace(/\./g, '')}`,
    );
    assert.equal(
      found,
      deprecated.has(version.model_version),
      `${version.model_version} found as deprecated`,
    );
  }
});

test('a phrase with a typo, words that name a topic, or an identifier typed as words put the place titled with them first', () => {
  const engine = builtEngine(buildDir);
  const first = (q: string): string => engine.search(q, 1)[0]?.url ?? '';
  const cases: Array<[string, RegExp]> = [
    // A word no entry has is searched as the closest word the index has.
    [
      'supprted browsers',
      /^\/(compatibility-matrix|webSDK\/gui-web-sdk|webSDK\/web-sdk)#supported-browsers$/,
    ],
    ['Interctive liveness', /^\/services\/interactive$/],
    ['Sessons and client tokens', /^\/parameters\/config-parameters#sessions-and-client-tokens$/],
    // Words rank the page about them above a place titled with one term that holds only some of them
    // (Re-verification, On-premise, gateway.upstreams.deepfake_detection).
    ['1:1 face verification', /^\/services\/face-match$/],
    ['face match threshhold', /^\/services\/face-match$/],
    ['self-hosted deployment', /^\/onprem-services\/merged-solutions$/],
    // An identifier typed as words, every part of it, still finds it first.
    ['client token expired', /^\/auth#error-client-token-expired$/],
    ['api key invalid', /^\/auth#error-api-key-invalid$/],
    [
      'webhook signature',
      /^\/(responses|responses#verify-the-signature|common-parameters#webhook-header-vultus-signature)$/,
    ],
  ];
  assert.deepEqual(
    cases.map(([q]) => `${q} → ${first(q)}`),
    cases.map(([q, expected]) => `${q} → ${expected.test(first(q)) ? first(q) : String(expected)}`),
  );
});
