/**
 * One statement of which SDK runs KYC sessions: the GUI Web SDK, embedded (its mode `'kyc'`); the
 * headless Web SDK refuses KYC tokens. The SDK reference data says it (the `ready` events, the
 * Web SDK's `clientToken`), the GUI page documents the mode from data/sdk/gui-web-sdk.yaml
 * (`kyc_steps`, one row per step of the contract's KycStepType), and the contract's KYC text
 * names the GUI Web SDK wherever it names an SDK.
 *
 * Run: node --import tsx --test tests/unit/sdk-kyc-mode.test.ts
 */
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {bundledContract, siteDir, sources, withDocs} from './helpers/pages';

type Json = Record<string, unknown>;
const web = sources.data('sdk/web-sdk.yaml');
const gui = sources.data('sdk/gui-web-sdk.yaml');
let contract: Json;
let schemas: Record<string, Json>;
let stepTypes: string[];
before(async () => {
  contract = await bundledContract();
  schemas = (contract.components as {schemas: Record<string, Json>}).schemas;
  stepTypes = (schemas.KycStepType as {enum: string[]}).enum;
});

const readyModes = (data: typeof web | typeof gui): string[] => {
  const ready = data.events.find((event) => event.name === 'ready');
  return [...String(ready?.when).matchAll(/`'([a-z0-9_]+)'`/g)].map((match) => match[1] as string);
};

test('the SDK reference says the GUI runs KYC sessions and the Web SDK refuses them', () => {
  assert.ok(readyModes(gui).includes('kyc'), "gui-web-sdk.yaml: ready lists mode 'kyc'");
  assert.ok(!readyModes(web).includes('kyc'), "web-sdk.yaml: ready lists mode 'kyc'");
  const clientToken = web.options.find((option) => option.name === 'clientToken');
  assert.match(String(clientToken?.description), /KYC[^.]*refused with `parameter_invalid`/);
});

test('the GUI page documents its KYC mode: each step, return_url and the errors', async () => {
  const steps = gui.kyc_steps ?? [];
  assert.deepEqual(
    steps.map((entry) => entry.step),
    stepTypes,
    'gui-web-sdk.yaml: kyc_steps has one row per KycStepType, in order',
  );
  const {markdown} = await renderPageMarkdown(
    await withDocs(),
    path.join(siteDir, 'docs/webSDK/gui-web-sdk.md'),
  );
  const opening = markdown.split('\n## ')[0] ?? '';
  assert.match(
    opening,
    /\]\(\.\.\/services\/kyc-offsite\.md\)/,
    'the opening lists KYC among the GUI’s sessions',
  );
  const section = markdown.split('\n## KYC sessions\n')[1]?.split('\n## ')[0];
  assert.ok(section, 'the GUI page has a "## KYC sessions" section');
  for (const step of stepTypes)
    assert.ok(section.includes(`| \`${step}\``), `the section shows the ${step} step`);
  assert.match(section, /`return_url`/);
  assert.match(section, /`'kyc'`/);
  const codes = new Set((contract['x-error-codes'] as Json[]).map((entry) => String(entry.code)));
  const named = [...section.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)]
    .map((match) => match[1] as string)
    .filter((word) => codes.has(word));
  assert.ok(named.length >= 2, 'the section names the errors the KYC mode raises');

  const webPage = await renderPageMarkdown(await withDocs(), path.join(siteDir, 'docs/webSDK/web-sdk.md'));
  const firstParagraph = webPage.markdown
    .split('\n## ')[0]
    ?.split(/\n\n/)
    .find((block) => block.startsWith('The Web SDK'));
  assert.doesNotMatch(String(firstParagraph), /kyc-offsite/, 'the Web SDK’s list of sessions has no KYC');
});

test('the contract’s KYC text names the GUI Web SDK wherever it names an SDK', () => {
  const kyc = JSON.stringify([
    schemas.CreateKycSessionRequest,
    schemas.KycSession,
    schemas.KycSessionConfig,
    (contract.paths as Record<string, Json>)['/kyc/sessions'],
  ]);
  const problems = [...kyc.matchAll(/(\w+\s+)?Web SDK/g)]
    .filter((match) => !['GUI', 'headless'].includes((match[1] ?? '').trim()))
    .map((match) => kyc.slice(Math.max(0, (match.index ?? 0) - 60), (match.index ?? 0) + 20));
  assert.deepEqual(problems, []);
});
