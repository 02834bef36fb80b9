/**
 * The "Auth" an operation's reference shows is its contract `security`, read as OpenAPI reads it:
 * an empty requirement (`{}`) among the alternatives makes authentication optional, so the
 * reference says that none is needed (the health probes answer without the API key and take it
 * only for `verbose=true`), and its generated samples send no key; an operation without `{}` never
 * reads as needing none. Checked over every path operation, on the site (the endpoint header) and in
 * the Markdown twin.
 *
 * Run: node --import tsx --test tests/unit/operation-auth.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {renderOperation} from '../../plugins/vultus-contract/contract/operation';
import {typeLinks} from '../../plugins/vultus-contract/contract/fieldList';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {sources} from './helpers/pages';

test('the reference shows optional authentication as optional, and required authentication as required', async () => {
  const contract = await sources.contract();
  const links = typeLinks(sources);
  let optional = 0;
  const problems: string[] = [];
  for (const [operationId, entry] of contract.operations) {
    if (entry.webhook) continue;
    const security = entry.operation.security ?? contract.document.security ?? [];
    const anonymous =
      security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
    const schemes = security.filter((requirement) => Object.keys(requirement).length > 0);

    const markdown = stringifyMarkdown({
      type: 'root',
      children: renderOperation(contract, operationId, 'markdown', links),
    });
    const twin = /^\*\*Auth:\*\* (.+)$/m.exec(markdown)?.[1] ?? '';
    const header = renderOperation(contract, operationId, 'site', links).find(
      (node): node is MdxJsxFlowElement =>
        node.type === 'mdxJsxFlowElement' && node.name === 'EndpointHeader',
    );
    const site = String(header?.attributes.find((a) => 'name' in a && a.name === 'auth')?.value ?? '');
    for (const [where, auth] of [
      ['Markdown', twin],
      ['site', site],
    ] as const) {
      if (!auth) problems.push(`${operationId} (${where}): no Auth line`);
      else if (anonymous) {
        if (!/^None\b/.test(auth))
          problems.push(`${operationId} (${where}): needs no credential, shows "${auth}"`);
        if (schemes.length > 0 && !/optional/i.test(auth)) {
          problems.push(`${operationId} (${where}): an optional credential, shows "${auth}"`);
        }
      } else if (/\bNone\b|optional/i.test(auth)) {
        problems.push(`${operationId} (${where}): needs a credential, shows "${auth}"`);
      }
    }
    // Its generated samples show the call as a probe makes it: without a key.
    if (anonymous && /Authorization/.test(markdown.split('**Request**')[1]?.split('**Response')[0] ?? '')) {
      problems.push(`${operationId}: needs no credential, but its samples send one`);
    }
    if (anonymous && schemes.length > 0) optional += 1;
  }
  assert.deepEqual(problems, []);
  assert.ok(optional >= 2, `only ${optional} operations with optional authentication (the health probes)`);
});
