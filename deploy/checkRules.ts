/**
 * Checks the serving rules before a writer turns them into a host's files: a mistake in
 * deploy/rules.ts fails `npm run serving-rules` and the build with a message that names the file
 * and the rule, instead of writing a configuration a host would reject or read otherwise.
 */
import {SourceError} from '../plugins/vultus-contract/errors';
import type {ServingRules} from './rules';

const rulesFile = 'deploy/rules.ts';

/** A header name as HTTP allows it (a token). */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function checkPath(path: string, what: string, problems: string[]): void {
  if (!path.startsWith('/')) problems.push(`${what}: "${path}" does not start with /`);
  if (/\s/.test(path)) problems.push(`${what}: "${path}" holds a space`);
  if ((path.match(/\*/g) ?? []).length > 1) problems.push(`${what}: "${path}" has more than one *`);
  if (/:[A-Za-z]/.test(path))
    problems.push(`${what}: "${path}" has a :placeholder, which no writer supports`);
}

function checkHeaders(headers: Record<string, string>, what: string, problems: string[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!headerName.test(name)) problems.push(`${what}: "${name}" is not a header name`);
    if (value.trim() === '' || /[\r\n"]/.test(value))
      problems.push(`${what}: the value of ${name} is empty or holds a line break or a double quote`);
  }
}

/** Throws a SourceError listing every mistake of the rules, or returns them unchanged. */
export function checkRules<T extends ServingRules>(rules: T): T {
  const problems: string[] = [];
  for (const {from, to} of rules.redirects) {
    const what = `redirect ${from} → ${to}`;
    checkPath(from, what, problems);
    if (!to.replace(':splat', '').startsWith('/')) problems.push(`${what}: "${to}" does not start with /`);
    if (from.includes('*') && !from.endsWith('/*'))
      problems.push(`${what}: a * may only end the path, after a /`);
    if (to.includes(':splat') && !from.includes('*')) problems.push(`${what}: :splat with no * to fill it`);
  }
  for (const {suffixes} of rules.routeSpellings)
    for (const suffix of suffixes)
      if (suffix === '' || /[\s*]/.test(suffix))
        problems.push(`route spelling "${suffix}": a suffix is not empty and has no space or *`);
  for (const fileClass of rules.fileClasses) {
    const what = `file class ${fileClass.path}`;
    checkPath(fileClass.path, what, problems);
    checkHeaders(fileClass.headers, what, problems);
  }
  for (const path of rules.otherFiles) checkPath(path, `otherFiles ${path}`, problems);
  for (const path of [rules.notFoundPage, ...rules.hostFiles]) checkPath(path, path, problems);
  checkHeaders(rules.pageHeaders, 'pageHeaders', problems);
  checkHeaders(rules.securityHeaders, 'securityHeaders', problems);
  for (const [directive, sources] of Object.entries(rules.contentSecurityPolicy))
    if (
      !/^[a-z-]+$/.test(directive) ||
      sources.length === 0 ||
      sources.some((source) => /[\s;,"]/.test(source))
    )
      problems.push(
        `contentSecurityPolicy ${directive}: a directive is lower case, with sources that hold no space, ; , or "`,
      );
  if (problems.length > 0) throw new SourceError(`${rulesFile}:\n  ${problems.join('\n  ')}`);
  return rules;
}
