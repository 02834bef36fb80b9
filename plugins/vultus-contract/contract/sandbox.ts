/**
 * What the sandbox runs, from the contract's `x-sandbox`: every check runs for real with a test key
 * except the checks of `always_pass`, whose codes can only be forced, and the checks of
 * `sandbox_lists`, which run against sandbox data. One sentence says it everywhere: the contract's
 * strings through the placeholder `%{sandbox.checks}` (./contract.ts) and the pages through
 * `:sandbox` (./declines.ts), for every check or for those of one service.
 *
 * Pure: it reads the parsed document only, so the loader can call it before anything is expanded.
 */

export type SandboxCheck = {check: string; codes: string[]; finds?: string};
export type Sandbox = {always_pass: SandboxCheck[]; sandbox_lists: SandboxCheck[]};
type Reason = {code: string; services: string[]};

const isChecks = (value: unknown): value is SandboxCheck[] =>
  Array.isArray(value) &&
  value.every(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as SandboxCheck).check === 'string' &&
      Array.isArray((item as SandboxCheck).codes) &&
      (item as SandboxCheck).codes.every((code) => typeof code === 'string'),
  );

/** `x-sandbox`, its shape checked, each code a code of `x-decline-reasons`; a message names what is wrong. */
export function readSandbox(document: Record<string, unknown>): Sandbox {
  const sandbox = document['x-sandbox'] as Partial<Sandbox> | undefined;
  const where = '#/x-sandbox';
  if (!sandbox || !isChecks(sandbox.always_pass) || !isChecks(sandbox.sandbox_lists)) {
    throw new Error(`${where}: expected always_pass and sandbox_lists, lists of {check, codes}`);
  }
  const reasons = (document['x-decline-reasons'] ?? []) as Reason[];
  const known = new Set(reasons.map((reason) => reason.code));
  const seen = new Set<string>();
  for (const entry of [...sandbox.always_pass, ...sandbox.sandbox_lists]) {
    for (const code of entry.codes) {
      if (!known.has(code))
        throw new Error(`${where}: ${entry.check}: ${code} is no code of x-decline-reasons`);
      if (seen.has(code)) throw new Error(`${where}: ${code} is listed twice`);
      seen.add(code);
    }
  }
  for (const entry of sandbox.sandbox_lists) {
    if (typeof entry.finds !== 'string') throw new Error(`${where}/sandbox_lists: ${entry.check}: no finds`);
  }
  return {always_pass: sandbox.always_pass, sandbox_lists: sandbox.sandbox_lists};
}

/** The codes of a decline-reason catalogue that can never occur in the sandbox without being forced. */
export const forcedOnlyCodes = (sandbox: Sandbox): Set<string> =>
  new Set(sandbox.always_pass.flatMap((entry) => entry.codes));

const joined = (items: string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

/**
 * The clause, after "the sandbox": "runs every check for real except presentation attack detection
 * and …, which always pass, so their codes can only be forced; AML screening finds only …". With a
 * service page (`/services/face-match`), only the checks whose codes that service raises.
 */
export function sandboxClause(document: Record<string, unknown>, service?: string): string {
  const sandbox = readSandbox(document);
  const reasons = (document['x-decline-reasons'] ?? []) as Reason[];
  if (service !== undefined && !reasons.some((reason) => reason.services.includes(service))) {
    throw new Error(`#/x-decline-reasons: no decline reason lists the service ${service}`);
  }
  const raised = (entry: SandboxCheck): boolean =>
    service === undefined ||
    entry.codes.some((code) => reasons.find((reason) => reason.code === code)?.services.includes(service));
  const passes = sandbox.always_pass.filter(raised);
  const lists = sandbox.sandbox_lists.filter(raised);
  let clause = 'runs every check for real';
  if (passes.length > 0) {
    const plural = passes.length > 1 || /checks\b/.test(passes[0]?.check ?? '');
    const codes = passes.reduce((count, entry) => count + entry.codes.length, 0);
    clause += ` except ${joined(passes.map((entry) => entry.check))}, which always ${plural ? 'pass' : 'passes'}, so ${
      plural ? 'their codes' : codes > 1 ? 'its codes' : 'its code'
    } can only be forced`;
  }
  for (const entry of lists) clause += `; ${entry.check} finds ${entry.finds ?? ''}`;
  return clause;
}
