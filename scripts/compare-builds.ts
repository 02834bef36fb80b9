/**
 * Compares two builds of the site, for a change that must not change what readers get (a
 * restructuring): `npm run compare-builds -- <before> <after>` (two `build/` folders).
 *
 * What the bundler names by content is set aside first: the hash in an asset's file name
 * (`main.3f2a9c1d.js`, `search-index-<hash>.json`) and the numeric module and chunk ids inside
 * JavaScript, which move when the loaders of a module change. Everything else must be byte for
 * byte the same. Prints each file that differs with its first differing line, and exits 1 when
 * one does, or when a file is in one build only.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';

/** A file name with the bundler's content hash taken out. */
const unhashed = (name: string): string =>
  name
    .replace(/\.[0-9a-f]{8}(\.(?:js|css)(?:\.LICENSE\.txt)?)$/, '$1')
    .replace(/^(search-index)-[0-9a-f]+((?:-[pd]\d+)?\.json)$/, '$1$2');

/** Every file of a build by its unhashed path. */
function files(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.set(unhashed(path.relative(root, full)), full);
    }
  };
  walk(root);
  return found;
}

/** The text with content hashes in file names, and JavaScript's numeric module and chunk ids, made neutral. */
function normalized(text: string, javascript: boolean): string {
  let out = text
    .replace(/\.[0-9a-f]{8}\.(js|css)\b/g, '.#.$1')
    .replace(/search-index-[0-9a-f]+\.json/g, 'search-index-#.json');
  if (javascript) {
    out = out
      // Module definitions `1234(e,t,n){` and `1234:function(`, and references `n(1234)`, `n.bind(n,1234)`.
      .replace(/([{,])\d+(\(|:)/g, '$1#$2')
      .replace(/([a-zA-Z_$]\.?[a-zA-Z]?)\((\d+)\)/g, '$1(#)')
      .replace(/\b(bind\([a-zA-Z_$],)\d+\)/g, '$1#)')
      // Chunk ids and chunk-name maps: `["2117"]`, `{2117:"x"}`, `"2117":`.
      .replace(/"\d+"/g, '"#"')
      .replace(/\b\d+:"/g, '#:"')
      .replace(/"[0-9a-f]{8}"/g, '"#"');
  }
  return out;
}

function firstDifference(a: string, b: string): string {
  const linesA = a.split('\n');
  const linesB = b.split('\n');
  for (let i = 0; i < Math.max(linesA.length, linesB.length); i++) {
    const lineA = linesA[i] ?? '';
    const lineB = linesB[i] ?? '';
    if (lineA === lineB) continue;
    let at = 0;
    while (at < lineA.length && lineA[at] === lineB[at]) at++;
    const from = Math.max(0, at - 60);
    return `line ${i + 1}:\n    before: …${lineA.slice(from, at + 80)}\n    after:  …${lineB.slice(from, at + 80)}`;
  }
  return 'same text';
}

function main(): void {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: npm run compare-builds -- <before build dir> <after build dir>');
    process.exit(2);
  }
  const a = files(before);
  const b = files(after);
  const problems: string[] = [];
  let same = 0;
  for (const name of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const fileA = a.get(name);
    const fileB = b.get(name);
    if (!fileA || !fileB) {
      problems.push(`${name}: only in the ${fileA ? 'before' : 'after'} build`);
      continue;
    }
    const bytesA = readFileSync(fileA);
    const bytesB = readFileSync(fileB);
    if (bytesA.equals(bytesB)) {
      same++;
      continue;
    }
    const javascript = name.endsWith('.js');
    const textA = normalized(bytesA.toString('utf8'), javascript);
    const textB = normalized(bytesB.toString('utf8'), javascript);
    if (textA === textB) {
      same++;
      continue;
    }
    problems.push(`${name}: differs at ${firstDifference(textA, textB)}`);
  }
  console.log(`${same} files the same (content hashes and module ids aside), ${problems.length} differ`);
  for (const problem of problems) console.log(`- ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

main();
