/**
 * A page never denies what the decline-reason catalogue lists for its service. The `services` of
 * each entry in `x-decline-reasons` say which pages' services raise the code; a sentence of that
 * page (or of the contract description of an operation it documents) that says the service does
 * not return a code, a category of codes ("liveness decline codes"), any code ("no decline
 * reasons"), or a decision (`never returns \`review\``), contradicts the catalogue when one of its
 * rows lists the page. A sentence that says which codes of a category the service returns
 * ("of the `LIVENESS.*` codes it returns only …") must name exactly the catalogue's.
 *
 * Run: node --import tsx --test tests/unit/decline-code-denials.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {declineCodePattern, docsSources, rawContract, sentences} from './helpers/prose';

type Reason = {code: string; category: string; decision: string; services: string[]};
const raw = rawContract();
const reasons = raw['x-decline-reasons'] as Reason[];
const categories = [...new Set(reasons.map((reason) => reason.category))];

const negation = "(?:does not|do not|doesn't|don't|never|cannot|can't|will not|won't)";
const verb = '(?:return|raise|produce|list|send|give)s?';

/** The codes a sentence says its service does not return, and why. */
export function deniedCodes(sentence: string): Array<{code: string; because: string}> {
  const denied: Array<{code: string; because: string}> = [];
  const add = (codes: Reason[], because: string): void => {
    for (const reason of codes) denied.push({code: reason.code, because});
  };
  for (const match of sentence.matchAll(
    new RegExp(`${negation} ${verb} (?:any )?([a-z_ ]+?) decline (?:code|reason)s?`, 'gi'),
  )) {
    const words = (match[1] ?? '').trim().toLowerCase().replace(/ /g, '_');
    const category = categories.find((name) => words === name || words.endsWith(`_${name}`));
    if (category)
      add(
        reasons.filter((reason) => reason.category === category),
        match[0],
      );
  }
  for (const match of sentence.matchAll(
    new RegExp(`${negation} ${verb} (?:the )?\\[?\`(${declineCodePattern})\``, 'g'),
  )) {
    add(
      reasons.filter((reason) => reason.code === match[1]),
      match[0],
    );
  }
  for (const match of sentence.matchAll(/\bno decline (?:code|reason)s?\b/gi)) add(reasons, match[0]);
  const decisions = new RegExp(
    `${negation} ${verb} ((?:\`(?:approved|declined|review|resubmit)\`(?:,? (?:or|and|nor) |, )?)+)`,
    'g',
  );
  for (const match of sentence.matchAll(decisions)) {
    const named = [...(match[1] ?? '').matchAll(/`(\w+)`/g)].map((found) => found[1]);
    add(
      reasons.filter((reason) => named.includes(reason.decision)),
      match[0],
    );
  }
  return denied;
}

/** "of the `LIVENESS.*` codes it returns only `LIVENESS.CAMERA_UNAVAILABLE`": the category and the codes named. */
function onlyClaims(sentence: string): Array<{prefix: string; codes: string[]; text: string}> {
  const claims: Array<{prefix: string; codes: string[]; text: string}> = [];
  const pattern = /of the `([A-Z]+)\.\*` codes,? (?:it|this service) (?:returns|raises) only ([^;)]*)/g;
  for (const match of sentence.matchAll(pattern)) {
    const codes = (match[2] ?? '').match(new RegExp(declineCodePattern, 'g')) ?? [];
    claims.push({prefix: match[1] ?? '', codes, text: match[0]});
  }
  return claims;
}

/** Every statement to check: page sentences with the page's route, and operation descriptions with their page. */
async function statements(): Promise<Array<{where: string; route: string; sentence: string}>> {
  const found: Array<{where: string; route: string; sentence: string}> = [];
  for (const source of await docsSources()) {
    for (const sentence of sentences(source.text))
      found.push({where: source.file, route: source.route, sentence});
  }
  const paths = raw.paths as Record<string, Record<string, {description?: string; 'x-doc-page'?: string}>>;
  for (const [itemPath, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const route = operation['x-doc-page'];
      if (!route || typeof operation.description !== 'string') continue;
      for (const sentence of sentences(operation.description.replace(/\s+/g, ' '))) {
        found.push({where: `contract ${method.toUpperCase()} ${itemPath}`, route, sentence});
      }
    }
  }
  return found;
}

test('the detector finds the denials it is meant to find', () => {
  assert.deepEqual(
    [
      ...new Set(
        deniedCodes('Document verification does not return liveness decline codes.').map((item) => item.code),
      ),
    ],
    reasons.filter((reason) => reason.category === 'liveness').map((reason) => reason.code),
  );
  assert.equal(
    deniedCodes('Face match never returns `review`.').length,
    reasons.filter((reason) => reason.decision === 'review').length,
  );
  assert.equal(deniedCodes('No decline code applies to enrollment.').length, reasons.length);
  assert.deepEqual(
    deniedCodes('It never returns `FACE.NO_FACE`.').map((item) => item.code),
    ['FACE.NO_FACE'],
  );
});

test('no page denies a decline code, category or decision that the catalogue lists for its service', async () => {
  const wrong: string[] = [];
  let denials = 0;
  for (const {where, route, sentence} of await statements()) {
    for (const {code, because} of deniedCodes(sentence)) {
      denials += 1;
      const reason = reasons.find((entry) => entry.code === code);
      if (reason?.services.includes(route)) {
        wrong.push(
          `${where}: "${because}", but the catalogue lists ${code} (${reason.decision}) for ${route}`,
        );
      }
    }
  }
  assert.ok(denials > 0, 'the site denies some codes (enrollment, face match, AML), so the detector runs');
  assert.deepEqual([...new Set(wrong)], []);
});

test('a page that names the codes of a category its service returns names the catalogue’s', async () => {
  const wrong: string[] = [];
  for (const {where, route, sentence} of await statements()) {
    for (const claim of onlyClaims(sentence)) {
      const listed = reasons
        .filter((reason) => reason.code.startsWith(`${claim.prefix}.`) && reason.services.includes(route))
        .map((reason) => reason.code);
      if (JSON.stringify([...claim.codes].sort()) !== JSON.stringify([...listed].sort())) {
        wrong.push(`${where}: "${claim.text}" vs the catalogue's ${listed.join(', ') || 'none'}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
