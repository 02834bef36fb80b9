/**
 * Ejected theme components do not drift from upstream unnoticed. An ejected file's leading comment
 * names what it was copied from, in one form:
 *
 *   Ejected from <package>@<exact version> (<path inside the package>)
 *
 * and this test fails when the installed version of that package differs, so an upgrade re-reads
 * the upstream file on purpose. The components ejected only for speed must carry the header.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {siteDir} from './helpers/pages';

/** Where ejected files live: the swizzles, and the plugin that carries Docusaurus's page template. */
const roots = ['src/theme', 'plugins/paint-first'];

/**
 * The components ejected only for speed (src/theme/README.md), file by file, with the package each
 * was copied from. Every file in their folders is either here or in `ours` below.
 */
const ejectedForSpeed: Record<string, string> = {
  // Tabs: upstream remounts every tab set after hydration.
  'src/theme/Tabs/index.tsx': '@docusaurus/theme-classic',
  'src/theme/Tabs/styles.module.css': '@docusaurus/theme-classic',
  // CodeBlock: upstream remounts every code block after hydration.
  'src/theme/CodeBlock/index.tsx': '@docusaurus/theme-classic',
  // CodeBlock/Content: the build's tokens rendered as one HTML string, no Prism in the browser.
  'src/theme/CodeBlock/Content/index.tsx': '@docusaurus/theme-classic',
  'src/theme/CodeBlock/Content/styles.module.css': '@docusaurus/theme-classic',
  // The search bar: the worker client and result templates load with the index.
  'src/theme/SearchBar/SearchBar.jsx': '@easyops-cn/docusaurus-search-local',
  'src/theme/SearchBar/index.tsx': '@easyops-cn/docusaurus-search-local',
  // The page template: the bundles are inserted after the first paint.
  'plugins/paint-first/index.ts': '@docusaurus/core',
};

/** Files in those folders that are ours, not copies of an upstream file. */
const ours = new Set(['src/theme/SearchBar/searchRuntime.js', 'src/theme/SearchBar/styles.module.css']);

const headerPattern = /Ejected from ((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)@(\d[\w.+-]*) \(([^()\s]+)\)/g;

type Header = {pkg: string; version: string; upstream: string};

/** The comments a file opens with (`//` lines and `/* … *\/` blocks), before any code. */
function leadingComments(source: string): string {
  let rest = source.replace(/^\uFEFF/, '');
  let comments = '';
  for (;;) {
    rest = rest.trimStart();
    const comment = /^\/\/[^\n]*|^\/\*[\s\S]*?\*\//.exec(rest)?.[0];
    if (!comment) return comments;
    comments += `${comment}\n`;
    rest = rest.slice(comment.length);
  }
}

function headersOf(file: string): Header[] {
  const comments = leadingComments(readFileSync(path.join(siteDir, file), 'utf8'));
  return [...comments.matchAll(headerPattern)].map((match) => ({
    pkg: match[1] ?? '',
    version: match[2] ?? '',
    upstream: match[3] ?? '',
  }));
}

function filesUnder(root: string): string[] {
  return readdirSync(path.join(siteDir, root), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?|css)$/.test(entry.name))
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function installedVersion(pkg: string): string | undefined {
  const manifest = path.join(siteDir, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as {version?: string}).version;
}

const files = roots.flatMap(filesUnder);

test('each ejected file names the installed version of the package it was copied from', () => {
  const problems: string[] = [];
  let found = 0;
  for (const file of files) {
    for (const {pkg, version, upstream} of headersOf(file)) {
      found += 1;
      const installed = installedVersion(pkg);
      const upstreamFile = `node_modules/${pkg}/${upstream}`;
      if (installed === undefined) {
        problems.push(`${file}: ejected from ${pkg}@${version}, but ${pkg} is not installed`);
      } else if (installed !== version) {
        problems.push(
          `${file}: ejected from ${pkg}@${version}, but ${pkg}@${installed} is installed. Re-read the ` +
            `upstream file (${upstreamFile}; diff ${pkg}@${version} against ${installed}), carry its ` +
            `changes into this file outside the VULTUS: fences, then update the header to ${pkg}@${installed}`,
        );
      } else if (!existsSync(path.join(siteDir, upstreamFile))) {
        problems.push(`${file}: ejected from ${upstreamFile}, which ${pkg}@${installed} does not have`);
      }
    }
  }
  assert.ok(found >= Object.keys(ejectedForSpeed).length, `found ${found} "Ejected from" headers`);
  assert.deepEqual(problems, []);
});

test('every component ejected for speed carries the header, naming its package', () => {
  const problems: string[] = [];
  for (const [file, pkg] of Object.entries(ejectedForSpeed)) {
    if (!existsSync(path.join(siteDir, file))) {
      problems.push(`${file}: listed as ejected for speed, but there is no such file`);
      continue;
    }
    const headers = headersOf(file);
    if (headers.length === 0) {
      problems.push(
        `${file}: no "Ejected from ${pkg}@<version> (<upstream path>)" in its leading comment; ` +
          `read the upstream file it was copied from and name it there`,
      );
    } else if (!headers.some((header) => header.pkg === pkg)) {
      problems.push(
        `${file}: its header names ${headers.map((header) => header.pkg).join(', ')}, not ${pkg}`,
      );
    }
  }
  assert.deepEqual(problems, []);
});

test('every file in the folders of a component ejected for speed is either a listed copy or ours', () => {
  const folders = [...new Set(Object.keys(ejectedForSpeed).map((file) => path.posix.dirname(file)))];
  const unlisted = files.filter(
    (file) =>
      folders.some((folder) => path.posix.dirname(file) === folder) &&
      !(file in ejectedForSpeed) &&
      !ours.has(file),
  );
  assert.deepEqual(
    unlisted,
    [],
    'a new file next to an ejected component: list it in ejectedForSpeed (with its header) if it is ' +
      'copied from upstream, or in `ours` if it is not',
  );
});

/**
 * What `docusaurus swizzle` says of an action on a component: the theme's swizzle config, and
 * `unsafe` for a component it does not list or a theme without one (as the CLI's fallback).
 */
async function swizzleStatus(pkg: string, component: string, action: 'wrap' | 'eject'): Promise<string> {
  const manifest = JSON.parse(
    readFileSync(path.join(siteDir, 'node_modules', pkg, 'package.json'), 'utf8'),
  ) as {
    main?: string;
  };
  // A package without a main module (@docusaurus/core, whose theme-fallback has `Loading`) is no
  // theme plugin and has no swizzle config.
  if (manifest.main === undefined) return 'unsafe';
  type Theme = {
    getSwizzleConfig?: () => {components: Record<string, {actions: Partial<Record<string, string>>}>};
  };
  const theme = (await import(path.join(siteDir, 'node_modules', pkg, manifest.main))) as Theme & {
    default?: Theme;
  };
  const config = (theme.default?.getSwizzleConfig ?? theme.getSwizzleConfig)?.();
  return config?.components[component]?.actions[action] ?? 'unsafe';
}

test('src/theme/README.md says of each swizzle what `docusaurus swizzle` says of it', async () => {
  const rows = readFileSync(path.join(siteDir, 'src/theme/README.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  assert.ok(rows.length >= 10, `${rows.length} rows in the table`);
  const problems: string[] = [];
  for (const row of rows) {
    const [name = '', how = '', safe = ''] = row
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    const component = /^`([^`]+)`/.exec(name)?.[1] ?? '';
    const pkg = /\(from `([^`]+)`/.exec(name)?.[1] ?? '@docusaurus/theme-classic';
    const action = how.startsWith('wrap') ? 'wrap' : 'eject';
    const status = await swizzleStatus(pkg, component, action);
    if (safe.split(/[\s(]/)[0] !== status)
      problems.push(
        `${component} (${action}, ${pkg}): the README says "${safe}", docusaurus swizzle says ${status}`,
      );
  }
  assert.deepEqual(problems, []);
});
