/**
 * Docs pages' front matter, checked before Docusaurus reads a page (`markdown.parseFrontMatter`):
 * every page has a `title` and a `description`, and no field Docusaurus would silently ignore
 * (`titel:`). The rules are config/docs-front-matter.schema.json; a mistake fails the build, and
 * shows in `npm start`, with the file, the line and the field:
 * `docs/auth.md:2: front matter: unknown field "titel" (did you mean "title"?)`.
 */
import path from 'node:path';
import Ajv2020, {type ErrorObject} from 'ajv/dist/2020.js';
import type {ParseFrontMatter} from '@docusaurus/types';
import schema from './docs-front-matter.schema.json';
import {didYouMean, SourceError} from '../plugins/vultus-contract/errors';
import {yamlLine} from '../plugins/vultus-contract/yamlLines';

const validate = new Ajv2020({allErrors: true, strict: true}).compile(schema);

/** The front matter's YAML, without its `---` lines (so its line 1 is the file's line 2). */
function frontMatterSource(fileContent: string): string {
  return /^---\r?\n([\s\S]*?)\r?\n---/.exec(fileContent)?.[1] ?? '';
}

function describe(error: ErrorObject, source: string): {line?: number; text: string} {
  const field =
    error.keyword === 'additionalProperties'
      ? String((error.params as {additionalProperty: string}).additionalProperty)
      : error.keyword === 'required'
        ? String((error.params as {missingProperty: string}).missingProperty)
        : error.instancePath.slice(1);
  const fileLine = (line: number | undefined) => (line === undefined ? undefined : line + 1);
  if (error.keyword === 'additionalProperties') {
    return {
      line: fileLine(yamlLine(source, [], field)),
      text: `unknown field "${field}"${didYouMean(field, Object.keys(schema.properties))}`,
    };
  }
  if (error.keyword === 'required') return {line: 1, text: `"${field}" is missing`};
  return {line: fileLine(yamlLine(source, [field])), text: `${field}: ${error.message ?? 'invalid'}`};
}

/** Checks a docs page's front matter, then hands over what Docusaurus's own parser reads. */
export const parseFrontMatter: ParseFrontMatter = async (params) => {
  const result = await params.defaultParseFrontMatter(params);
  const relative = path.relative(path.resolve(__dirname, '..'), params.filePath).split(path.sep).join('/');
  const isDocsPage =
    relative.startsWith('docs/') && !relative.split('/').some((part) => part.startsWith('_'));
  if (isDocsPage && !validate(result.frontMatter)) {
    const source = frontMatterSource(params.fileContent);
    const problems = (validate.errors ?? []).map((error) => describe(error, source));
    throw new SourceError(
      problems
        .map(({line, text}) => `${relative}${line ? `:${line}` : ''}: front matter: ${text}`)
        .join('\n'),
    );
  }
  return result;
};
