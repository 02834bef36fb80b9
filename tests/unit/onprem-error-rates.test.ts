/**
 * The on-premise liveness check (/services/onprem-liveness-detection) and the on-premise deepfake
 * container (/onprem-services/deepfake-detection) publish the error rates of the checks they run, and
 * only those, rendered from data/metrics/liveness.yaml.
 *
 * Which liveness mode a page may show follows from the contract:
 * - the deepfake container serves the operations whose x-deployment names it; their x-doc-page is the
 *   page of a mode in liveness.yaml (`modes[].page`);
 * - POST /liveness/check runs passive liveness (its description says so), the model of the mode whose
 *   page documents the passive session (createPassiveLivenessSession).
 *
 * Each page renders, for each of its modes, APCER per attack species (::chart kind="apcer") and the
 * recommended thresholds with APCER and BPCER (::thresholds evaluation="liveness"), and shows no attack
 * species of another mode.
 *
 * Run: node --import tsx --test tests/unit/onprem-error-rates.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {deploymentOf, type Contract} from '../../plugins/vultus-contract/contract/contract';
import {renderedDocs, siteDir, sources} from './helpers/pages';

interface Mode {
  mode: string;
  page: string;
  results: {attack_species: Array<{name: string}>};
}
const liveness = parse(readFileSync(path.join(siteDir, 'data/metrics/liveness.yaml'), 'utf8')) as {
  modes: Mode[];
};

let contract: Contract;
test.before(async () => {
  contract = await sources.contract();
});

function modeOfPage(page: string | undefined, label: string): string {
  const found = liveness.modes.find((mode) => mode.page === page);
  assert.ok(found, `${label}: no mode of liveness.yaml is documented on ${String(page)}`);
  return found.mode;
}

/** The liveness modes each page's checks run, derived from the contract. */
function expectedModes(): Map<string, string[]> {
  // The checks it runs: its liveness operations (it also mints client tokens for its sessions).
  const container = [...contract.operations.values()].filter(
    (entry) =>
      !entry.webhook &&
      deploymentOf(entry)['on-premise'] === 'deepfake-detection' &&
      entry.path.startsWith('/liveness/'),
  );
  assert.ok(container.length > 0, 'the deepfake-detection container serves operations');
  const deepfake = [
    ...new Set(
      container.map((entry) => modeOfPage(entry.operation['x-doc-page'], entry.operation.operationId)),
    ),
  ];

  const check = contract.operations.get('checkLiveness');
  assert.ok(check, 'checkLiveness');
  assert.match(
    check.operation.description ?? '',
    /passive liveness/i,
    'POST /liveness/check runs passive liveness',
  );
  const passive = contract.operations.get('createPassiveLivenessSession');
  assert.ok(passive, 'createPassiveLivenessSession');
  const onPremiseCheck = [modeOfPage(passive.operation['x-doc-page'], 'createPassiveLivenessSession')];

  return new Map([
    ['/onprem-services/deepfake-detection', deepfake],
    [check.operation['x-doc-page'] ?? '', onPremiseCheck],
  ]);
}

test('each page shows the APCER per species and the thresholds of exactly the modes its checks run', async () => {
  const pages = await renderedDocs();
  for (const [route, modes] of expectedModes()) {
    const page = pages.find((candidate) => candidate.route === route);
    assert.ok(page, `${route}: no page`);
    const shown = [...page.source.matchAll(/^::(?:chart|thresholds)\{[^}]*\bmode="([^"]+)"[^}]*\}$/gm)].map(
      (match) => match[1],
    );
    assert.deepEqual([...new Set(shown)].sort(), [...modes].sort(), `${route}: liveness modes shown`);
    for (const mode of modes) {
      assert.match(
        page.source,
        new RegExp(`^::chart\\{kind="apcer" mode="${mode}"\\}$`, 'm'),
        `${route}: APCER`,
      );
      assert.match(
        page.source,
        new RegExp(`^::thresholds\\{evaluation="liveness" mode="${mode}"\\}$`, 'm'),
        `${route}: thresholds`,
      );
    }
    assert.doesNotMatch(page.markdown, /^::[a-z-]+\{/m, `${route}: an unexpanded directive`);
    for (const mode of liveness.modes) {
      for (const species of mode.results.attack_species) {
        const rendered = page.markdown.includes(`| ${species.name} `);
        // Species shared by several modes (printed photo, masks) are expected on a page of any of them.
        const expected = liveness.modes.some(
          (other) =>
            modes.includes(other.mode) && other.results.attack_species.some((s) => s.name === species.name),
        );
        assert.equal(rendered, expected, `${route}: attack species "${species.name}" (${mode.mode})`);
      }
    }
  }
});
