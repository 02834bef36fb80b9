/**
 * The data files under data/: a YAML file parsed with the `yaml` package, validated against the
 * JSON Schema beside it (`data/onprem/config.yaml` by `data/onprem/config.schema.json`, JSON Schema
 * 2020-12, Ajv in strict mode); and a dotted path into it. The site's `Sources` (../sources.ts)
 * loads each file through here once per build, so a missing file, a YAML error or a value the
 * schema rejects fails the build naming the file, the line and the field:
 * `data/metrics/age.yaml:14: /bands/0/mae: must be number`.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ErrorObject, type ValidateFunction} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {LineCounter, isScalar, parse, parseDocument, visit} from 'yaml';
import {SourceError, didYouMean} from '../errors';
import type {DataFiles} from './types';
import {pointerPath, yamlLine, yamlSyntaxError} from '../yamlLines';

export class DataError extends SourceError {}

/** The schema of a data file: `<name>.schema.json` beside `<name>.yaml`. */
export const schemaFileOf = (dataFile: string): string => dataFile.replace(/\.ya?ml$/, '.schema.json');

/** The data file a schema describes (`<name>.yaml` beside `<name>.schema.json`); any other file as it is. */
export const dataFileOf = (file: string): string => file.replace(/\.schema\.json$/, '.yaml');

/** Every data file of the site, relative to data/ with `/` between folders (`onprem/config.yaml`). */
export function dataFiles(siteDir: string): string[] {
  return readdirSync(path.join(siteDir, 'data'), {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * The data files' JSON Schemas, compiled by one Ajv instance, each schema's text once. Compiling is
 * most of the cost of loading a data file (a new Ajv instance compiles the 2020-12 meta-schema
 * again for every file), so the site's `Sources` keeps one for the life of the site: a file edited
 * in `docusaurus start` is validated again by its schema's compiled validator, and a schema edited
 * is compiled again because its text is new.
 */
export class DataSchemas {
  private readonly ajv = addFormats(new Ajv2020({allErrors: true, strict: true, verbose: true}));
  /** Compiled validators by schema text. */
  private readonly byText = new Map<string, ValidateFunction>();
  /** The schema file that declared each `$id`, which Ajv keeps one schema for. */
  private readonly fileOfId = new Map<string, string>();

  /** The validator of `schemaFile`, the schema of data file `relative`. */
  validator(schemaFile: string, relative: string): ValidateFunction {
    let text: string;
    try {
      text = readFileSync(schemaFile, 'utf8');
    } catch {
      throw new DataError(`${schemaOf(relative)}: file not found`);
    }
    const known = this.byText.get(text);
    if (known) return known;
    try {
      const schema = JSON.parse(text) as Record<string, unknown>;
      if (typeof schema.$id === 'string') {
        const other = this.fileOfId.get(schema.$id);
        if (other !== undefined && other !== schemaFile) {
          throw new Error(
            `"$id" ${schema.$id} is already the id of ${path.relative(path.dirname(schemaFile), other)}`,
          );
        }
        // The schema's earlier text, compiled under the same id: the new text replaces it.
        this.ajv.removeSchema(schema.$id);
        this.fileOfId.set(schema.$id, schemaFile);
      }
      const validate = this.ajv.compile(schema);
      this.byText.set(text, validate);
      return validate;
    } catch (error) {
      throw new DataError(`${schemaOf(relative)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const schemaOf = (relative: string): string => `data/${schemaFileOf(relative)}`;

/** One Ajv error as the writer reads it: the file and line, the field, what is wrong. */
function describe(error: ErrorObject, relative: string, source: string): string {
  const extra =
    error.keyword === 'additionalProperties'
      ? String((error.params as {additionalProperty: string}).additionalProperty)
      : undefined;
  const line = yamlLine(source, pointerPath(error.instancePath), extra);
  const where = `data/${relative}${line ? `:${line}` : ''}`;
  if (extra !== undefined) {
    const known = Object.keys((error.parentSchema as {properties?: object} | undefined)?.properties ?? {});
    return `${where}: ${error.instancePath || '/'}: unknown field "${extra}"${didYouMean(extra, known)}`;
  }
  const allowed =
    error.keyword === 'enum'
      ? ` (one of ${(error.params as {allowedValues: unknown[]}).allowedValues.join(', ')})`
      : '';
  return `${where}: ${error.instancePath || '/'}: ${error.message ?? 'invalid'}${allowed}`;
}

/**
 * A YAML file under data/, read, parsed and validated (relative path such as "metrics/face-match.yaml").
 * Renderers ask `Sources.data`, which loads each file once.
 * `schemas` compiles the schemas (the site's own, from `Sources`; a new one by default).
 * A file of `DataFiles` comes with the type generated from the schema that validated it
 * (./types, `npm run data-types`); a path only known when the page is built (`::data-table`'s
 * `src`) comes as `unknown`.
 */
export function loadData<File extends keyof DataFiles>(
  siteDir: string,
  relative: File,
  schemas?: DataSchemas,
): DataFiles[File];
export function loadData(siteDir: string, relative: string, schemas?: DataSchemas): unknown;
export function loadData(siteDir: string, relative: string, schemas = new DataSchemas()): unknown {
  const file = path.join(siteDir, 'data', relative);
  const schemaFile = schemaFileOf(file);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw new DataError(`data/${relative}: file not found`);
  }
  let value: unknown;
  try {
    value = parse(source);
  } catch (error) {
    throw new DataError(yamlSyntaxError(`data/${relative}`, error));
  }
  const cut = cutColours(source, `data/${relative}`);
  if (cut.length > 0) throw new DataError(cut.join('\n'));
  if (!existsSync(schemaFile)) {
    throw new DataError(`data/${relative}: no schema; every data file is validated by ${schemaOf(relative)}`);
  }
  const validate = schemas.validator(schemaFile, relative);
  if (!validate(value)) {
    // `if`/`then` only says that a branch failed; the branch's own error says what and where.
    const errors = (validate.errors ?? [])
      .filter((error) => error.keyword !== 'if')
      .slice(0, 5)
      .map((error) => describe(error, relative, source));
    throw new DataError(errors.join('\n'));
  }
  return value;
}

/**
 * Unquoted values a colour cut short: in `light: 3px solid #1d4ed8` the ` #` starts a YAML comment,
 * so the value is `3px solid`, valid YAML that no schema can tell from a real value.
 */
function cutColours(source: string, file: string): string[] {
  if (!/[^\s'"]\s+#[0-9a-fA-F]{3,8}\b/.test(source)) return [];
  const lines = new LineCounter();
  const document = parseDocument(source, {lineCounter: lines});
  const cut: string[] = [];
  visit(document, {
    Scalar(_, node) {
      const hex = /^([0-9a-fA-F]{3,8})\b/.exec(node.comment ?? '');
      if (!hex || !isScalar(node) || node.type !== 'PLAIN' || !node.range) return;
      const {line} = lines.linePos(node.range[0]);
      cut.push(
        `${file}:${line}: "${String(node.value)} #${hex[1]}": the # starts a YAML comment, so the value is "${String(node.value)}". Quote the value.`,
      );
    },
  });
  return cut;
}

type Json = Record<string, unknown>;

/** Follows a dotted path (`models.0.det`, or `modes[mode=interactive].det`) in parsed data. */
export function pick(data: unknown, dotted: string, where: string): unknown {
  let current = data;
  for (const part of dotted.split('.').filter(Boolean)) {
    const selector = /^([\w-]+)\[([\w-]+)=([^\]]+)\]$/.exec(part);
    if (selector) {
      const [, key, field, value] = selector;
      const list = (current as Json | undefined)?.[key as string];
      current = Array.isArray(list)
        ? list.find((item) => String((item as Json)[field as string]) === value)
        : undefined;
    } else {
      current = (current as Json | undefined)?.[part];
    }
    if (current === undefined) throw new DataError(`${where}: nothing at "${dotted}" (stopped at "${part}")`);
  }
  return current;
}

/** Whether a dotted path (without selectors) leads to a value in parsed data. */
export function hasPath(data: unknown, dotted: string): boolean {
  let current = data;
  for (const part of dotted.split('.').filter(Boolean)) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Json)[part];
  }
  return current !== undefined && current !== null;
}
