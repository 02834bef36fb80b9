/**
 * No cURL sample on the site puts an image on the command line. A base64 image is easily longer
 * than one command-line argument may be (128 KiB on Linux), so a sample that sends one builds the
 * request body in a file and sends it with `--data-binary @file`: neither `$(base64 …)` inside a
 * `-d`/`--data` argument, nor a JSON body with an image's `data` written inline in one (the
 * generated samples, whose shortened base64 the reader replaces with a real image's).
 *
 * Run: node --import tsx --test tests/unit/samples-body-file.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codeBlocks, renderedDocs} from './helpers/pages';

/** A data argument of curl, and its value up to the end of the argument (quoted or not). */
const dataArgument =
  /(?:^|\s)(?:-d|--data(?:-raw|-binary|-ascii|-urlencode)?|-F|--form)\s+("(?:[^"\\]|\\.)*"|'[^']*'|\S+)/g;

test('no cURL sample sends a base64 image inside a command-line argument', async () => {
  const problems: string[] = [];
  let curlWithImage = 0;
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (!['bash', 'sh', 'shell'].includes(block.lang ?? '')) continue;
      if (!/\bcurl\b/.test(block.value)) continue;
      const where = `docs/${page.file}:${block.position?.start.line ?? '?'}`;
      for (const match of block.value.matchAll(dataArgument)) {
        const value = match[1] ?? '';
        if (/\$\(\s*base64\b|`\s*base64\b/.test(value)) {
          problems.push(`${where}: $(base64 …) inside ${match[0].trim().slice(0, 60)}…`);
        }
        if (/"data"\s*:\s*"/.test(value)) {
          problems.push(`${where}: an image's "data" inline in ${match[0].trim().slice(0, 60)}…`);
        }
      }
      if (/"data"\s*:|base64\b/.test(block.value)) curlWithImage += 1;
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(curlWithImage >= 5, `only ${curlWithImage} cURL samples that send an image`);
});
