/**
 * Where a value sits in a YAML file, for error messages that send the writer to the line: the
 * `yaml` package's own node ranges, read through a LineCounter.
 */
import {LineCounter, YAMLError, isMap, isScalar, parseDocument, type Node} from 'yaml';

export type YamlPath = ReadonlyArray<string | number>;

/** A JSON pointer (`/models/0/det`, as Ajv's `instancePath` gives it) as a path of keys. */
export function pointerPath(pointer: string): YamlPath {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The 1-based line of the value at `path` in `source`; with `key`, the line of that key of the
 * mapping at `path` (a field that should not be there). The nearest enclosing node's line when the
 * path goes further than the file; undefined when the source does not parse.
 */
export function yamlLine(source: string, path: YamlPath, key?: string): number | undefined {
  const lineCounter = new LineCounter();
  const document = parseDocument(source, {lineCounter});
  if (document.errors.length > 0) return undefined;
  let node: unknown = document.contents;
  let line = lineOf(node, lineCounter);
  for (const part of path) {
    if (!node || typeof node !== 'object' || !('get' in node)) break;
    node = (node as {get(key: unknown, keepScalar: true): unknown}).get(part, true);
    if (node === undefined) break;
    line = lineOf(node, lineCounter) ?? line;
  }
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
    if (pair) line = lineOf(pair.key, lineCounter) ?? line;
  }
  return line;
}

function lineOf(node: unknown, lineCounter: LineCounter): number | undefined {
  const range = (node as Node | null)?.range;
  return range ? lineCounter.linePos(range[0]).line : undefined;
}

/**
 * A YAML syntax error as every source reports it, the file and line first:
 * `data/onprem/config.yaml:453: not valid YAML: Flow sequence in block collection …`.
 */
export function yamlSyntaxError(file: string, error: unknown): string {
  const line = error instanceof YAMLError ? error.linePos?.[0].line : undefined;
  return `${file}${line ? `:${line}` : ''}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`;
}
