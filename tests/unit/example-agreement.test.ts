/**
 * The contract's examples (and the JSON examples of the pages) agree with each other and with the
 * contract's own facts, so a mock built from them behaves as the pages say:
 *
 * - an event's delivery state follows the retry schedule of x-limits (`webhooks.retry_delays_seconds`,
 *   each delay from the previous attempt, at most `webhooks.max_attempts` attempts);
 * - an id one example refers to is an example of the right kind: an `event_id` names an event
 *   example about the same session, and two examples with one `id` describe one object;
 * - every `Vultus-Signature` value shown verifies: it is the header of a signature test vector
 *   (x-signature-test-vectors), computed from that vector's secret, timestamp and body.
 *
 * Run: node --import tsx --test tests/unit/example-agreement.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {publishedContract, type Contract} from '../../plugins/vultus-contract/contract/contract';
import {signatureVector} from '../../plugins/vultus-contract/contract/signatures';
import {renderOperation} from '../../plugins/vultus-contract/contract/operation';
import {typeLinks} from '../../plugins/vultus-contract/contract/fieldList';
import {stringifyMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {codeBlocks, renderedDocs, siteDir, sources} from './helpers/pages';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Every object inside the contract's example values, with where it is. */
function exampleObjects(contract: Contract): Array<{where: string; value: Json}> {
  const found: Array<{where: string; value: Json}> = [];
  const collect = (value: unknown, where: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => collect(item, `${where}/${index}`));
    else if (isObject(value)) {
      found.push({where, value});
      for (const [key, child] of Object.entries(value)) collect(child, `${where}/${key}`);
    }
  };
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${where}/${index}`));
    else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key === 'example') collect(child, `${where}/example`);
        else if (key === 'examples' && isObject(child)) {
          for (const [name, example] of Object.entries(child)) {
            if (isObject(example) && 'value' in example)
              collect(example.value, `${where}/examples/${name}/value`);
          }
        } else walk(child, `${where}/${key}`);
      }
    }
  };
  walk(contract.raw, '#');
  return found;
}

/** The objects of the pages' JSON examples. */
async function pageObjects(): Promise<Array<{where: string; value: Json}>> {
  const found: Array<{where: string; value: Json}> = [];
  for (const page of await renderedDocs()) {
    for (const block of codeBlocks(page.tree)) {
      if (block.lang !== 'json') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(block.value);
      } catch {
        continue;
      }
      const collect = (value: unknown, where: string): void => {
        if (Array.isArray(value)) value.forEach((item, index) => collect(item, `${where}/${index}`));
        else if (isObject(value)) {
          found.push({where, value});
          for (const [key, child] of Object.entries(value)) collect(child, `${where}/${key}`);
        }
      };
      collect(parsed, `${page.route}:${block.position?.start.line ?? '?'}`);
    }
  }
  return found;
}

const seconds = (time: unknown): number => Date.parse(String(time)) / 1000;

test("every event example's delivery follows the published retry schedule", async () => {
  const contract = await sources.contract();
  const webhooks = (contract.document['x-limits'] as Json).webhooks as Json;
  const delays = webhooks.retry_delays_seconds as number[];
  const maxAttempts = webhooks.max_attempts as number;
  const timeout = webhooks.timeout_seconds as number;
  assert.equal(delays.length + 1, maxAttempts, 'one delay before each attempt after the first');
  const events = [...exampleObjects(contract), ...(await pageObjects())].filter(
    ({value}) => value.object === 'event' && isObject(value.delivery),
  );
  assert.ok(events.length > 0, 'no event example with a delivery state');
  const wrong: string[] = [];
  for (const {where, value} of events) {
    const delivery = value.delivery as Json;
    const attempts = delivery.attempts as number;
    const status = delivery.status as string;
    if (attempts === 0) {
      if (delivery.last_attempt_at !== null) wrong.push(`${where}: no attempt, but a last_attempt_at`);
      continue;
    }
    // The first attempt follows creation; each later one waits its delay after the one before,
    // which may itself have taken up to the timeout.
    const earliest =
      seconds(value.created_at) + delays.slice(0, attempts - 1).reduce((sum, delay) => sum + delay, 0);
    const latest = earliest + attempts * (timeout + 1);
    const last = seconds(delivery.last_attempt_at);
    if (!(last >= earliest && last <= latest)) {
      wrong.push(
        `${where}: attempt ${attempts} at ${String(delivery.last_attempt_at)}, the schedule puts it at ${new Date(earliest * 1000).toISOString()}`,
      );
    }
    if (status === 'failed' && attempts !== maxAttempts)
      wrong.push(`${where}: failed after ${attempts} attempts`);
    if (status === 'pending') {
      const next = seconds(delivery.next_attempt_at) - last;
      if (attempts >= maxAttempts || Math.abs(next - (delays[attempts - 1] ?? Number.NaN)) > timeout + 1) {
        wrong.push(`${where}: next attempt ${String(delivery.next_attempt_at)} is off the schedule`);
      }
    } else if (delivery.next_attempt_at !== null) wrong.push(`${where}: ${status}, yet a next attempt`);
  }
  assert.deepEqual(wrong, []);
});

test('an id one example refers to is an example of the right kind, about the same object', async () => {
  const contract = await sources.contract();
  const objects = exampleObjects(contract);
  const wrong: string[] = [];
  const byId = new Map<string, Array<{where: string; value: Json}>>();
  for (const entry of objects) {
    if (typeof entry.value.id === 'string' && typeof entry.value.object === 'string') {
      byId.set(entry.value.id, [...(byId.get(entry.value.id) ?? []), entry]);
    }
  }
  // An event an example names exists, and is about the session that example names.
  for (const {where, value} of objects) {
    if (typeof value.event_id !== 'string') continue;
    const event = byId.get(value.event_id)?.find((entry) => entry.value.object === 'event');
    if (!event) {
      wrong.push(`${where}: event_id ${value.event_id} is no event example`);
      continue;
    }
    const resource = (event.value.data as Json | undefined)?.object as Json | undefined;
    for (const key of ['session_id', 'completed_at'] as const) {
      const own = key === 'session_id' ? resource?.id : resource?.[key];
      if (value[key] !== undefined && own !== value[key]) {
        wrong.push(
          `${where}: ${key} ${String(value[key])}, but event ${value.event_id} is about ${String(own)}`,
        );
      }
    }
    if (typeof value.outcome === 'string') {
      const result = resource?.result as Json | undefined;
      const codes = ((result?.reasons as Json[] | undefined) ?? []).map((reason) => reason.code);
      if (result?.decision !== value.outcome && !codes.includes(value.outcome)) {
        wrong.push(
          `${where}: outcome ${value.outcome}, but event ${value.event_id} carries ${String(result?.decision)}`,
        );
      }
    }
  }
  // Two examples with one id are one object: one kind and, once completed, one result.
  for (const [id, entries] of byId) {
    const kinds = new Set(entries.map((entry) => entry.value.object));
    if (kinds.size > 1) wrong.push(`${id}: examples of ${[...kinds].join(' and ')}`);
    const completed = entries.filter(
      (entry) => entry.value.status === 'completed' && isObject(entry.value.result),
    );
    const outcomes = new Set(
      completed.map(({value}) => {
        const result = value.result as Json;
        const codes = ((result.reasons as Json[]) ?? []).map((reason) => reason.code).join(',');
        return `${String(result.decision)} ${codes} ${String(value.completed_at)}`;
      }),
    );
    if (outcomes.size > 1) wrong.push(`${id}: completed with ${[...outcomes].join(' and with ')}`);
  }
  assert.deepEqual(wrong, []);
});

test('every Vultus-Signature value shown verifies against a signature test vector', async () => {
  const contract = await sources.contract();
  const headers = (['webhook', 'request'] as const).map((kind) => signatureVector(contract, kind).header);
  const shown: Array<{where: string; text: string}> = [
    {where: '/openapi.yaml', text: await publishedContract(siteDir)},
  ];
  for (const page of await renderedDocs()) shown.push({where: page.route, text: page.markdown});
  const wrong: string[] = [];
  for (const {where, text} of shown) {
    for (const [value, hex, cut] of text.matchAll(/t=\d{10},v1=([0-9a-f]+)(…|\.\.\.)?/g)) {
      const full = headers.includes(value);
      const prefix =
        cut !== undefined &&
        (hex ?? '').length >= 4 &&
        headers.some((header) => header.startsWith(value.replace(/(…|\.\.\.)$/, '')));
      if (!full && !prefix) wrong.push(`${where}: ${value}`);
    }
  }
  assert.deepEqual(
    wrong,
    [],
    `show a vector's header (${headers.join(' or ')}), never a value that matches nothing`,
  );
});

test('a session example that ended resubmit used every attempt its config allows', async () => {
  // A session ends `resubmit` only when the user has no attempt left: `attempts` is
  // `config.max_attempts` (a sandbox completion counts them as used too, decline-reasons.md).
  const contract = await sources.contract();
  const wrong: string[] = [];
  let checked = 0;
  for (const {where, value} of [...exampleObjects(contract), ...(await pageObjects())]) {
    const result = value.result;
    const config = value.config;
    if (!isObject(result) || !isObject(config) || typeof value.attempts !== 'number') continue;
    if (value.status !== 'completed' || result.decision !== 'resubmit') continue;
    checked += 1;
    if (value.attempts !== config.max_attempts)
      wrong.push(`${where}: attempts ${value.attempts}, config.max_attempts ${String(config.max_attempts)}`);
  }
  assert.ok(checked >= 1, 'no session example ends resubmit: the walk is broken');
  assert.deepEqual(wrong, []);
});

test('examples keep time: a token is minted before its session completed, a bound verification within the binding window', async () => {
  // `POST /client-tokens` refuses a completed session (409 session_already_completed), and a
  // verification binds a liveness session only within x-limits.liveness_binding_max_age_seconds of
  // its completion (409 liveness_session_unusable): an example past either shows what the API refuses.
  const contract = await sources.contract();
  const bindingWindow = Number((contract.document['x-limits'] as Json).liveness_binding_max_age_seconds);
  assert.ok(bindingWindow > 0, 'x-limits.liveness_binding_max_age_seconds');
  const objects = [...exampleObjects(contract), ...(await pageObjects())];
  const completedAt = new Map<string, number>();
  for (const {value} of objects) {
    if (
      typeof value.id === 'string' &&
      value.status === 'completed' &&
      typeof value.completed_at === 'string'
    )
      completedAt.set(value.id, seconds(value.completed_at));
  }
  const wrong: string[] = [];
  let checked = 0;
  for (const {where, value} of objects) {
    if (typeof value.created_at !== 'string') continue;
    const created = seconds(value.created_at);
    if (value.object === 'client_token' && typeof value.session_id === 'string') {
      const done = completedAt.get(value.session_id);
      checked += 1;
      if (done !== undefined && created >= done)
        wrong.push(
          `${where}: a token minted at ${value.created_at} for ${value.session_id}, completed before`,
        );
    }
    if (typeof value.liveness_session_id === 'string' && value.object === 'document_verification') {
      const done = completedAt.get(value.liveness_session_id);
      checked += 1;
      if (done !== undefined && (created < done || created - done > bindingWindow))
        wrong.push(
          `${where}: created ${created - done} s after ${value.liveness_session_id} completed (window ${bindingWindow} s)`,
        );
    }
  }
  assert.ok(checked >= 2, `only ${checked} examples checked: the walk is broken`);
  assert.deepEqual(wrong, []);
});

test('a sample asks for the object its response example shows: the path names that id', async () => {
  // A GET of a non-interactive session at its own path, with the id of an interactive one, answers
  // 404; a cancel of a completed KYC session answers 409. The sample names the object it shows.
  const contract = await sources.contract();
  const wrong: string[] = [];
  let checked = 0;
  for (const entry of contract.operations.values()) {
    if (entry.webhook) continue;
    const inPath = (entry.operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    if (inPath.length === 0) continue;
    const success = Object.entries(entry.operation.responses ?? {}).find(([status]) =>
      /^2\d\d$/.test(status),
    );
    const media = (
      success?.[1] as {
        content?: Record<string, {examples?: Record<string, {value?: unknown}>; example?: unknown}>;
      }
    )?.content?.['application/json'];
    const example = (Object.values(media?.examples ?? {})[0]?.value ?? media?.example) as Json | undefined;
    const last = inPath.reduce((found, parameter) =>
      entry.path.indexOf(`{${parameter.name}}`) > entry.path.indexOf(`{${found.name}}`) ? parameter : found,
    );
    const fallback = String(
      last.example ?? (last.schema as {examples?: unknown[]} | undefined)?.examples?.[0] ?? '',
    );
    const kind = /^[a-z]+_/.exec(fallback)?.[0];
    if (!isObject(example) || typeof example.id !== 'string' || !kind || !example.id.startsWith(kind))
      continue;
    checked += 1;
    const reference = stringifyMarkdown({
      type: 'root',
      children: renderOperation(contract, entry.operation.operationId ?? '', 'markdown', typeLinks(sources)),
    });
    const curl = /```bash\n([\s\S]*?)```/.exec(reference)?.[1] ?? '';
    if (!curl.includes(example.id))
      wrong.push(
        `${entry.method.toUpperCase()} ${entry.path}: the sample does not name ${example.id}, the object its response shows`,
      );
  }
  assert.ok(checked >= 15, `only ${checked} operations checked`);
  assert.deepEqual(wrong, []);
});
