/**
 * The data files under data/: a YAML file parsed with the `yaml` package and cached per change,
 * and a dotted path into it. Every data directive reads its file through here, so a missing file
 * or path fails the build naming the file.
 */
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {noteRead} from '../reads';

export class DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataError';
  }
}

const cache = new Map<string, {mtimeMs: number; value: unknown}>();

/** A YAML file under data/, parsed (relative path such as "metrics/face-match.yaml"). */
export function loadData(siteDir: string, relative: string): unknown {
  const file = path.join(siteDir, 'data', relative);
  noteRead(file);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    throw new DataError(`data/${relative}: file not found`);
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.value;
  let value: unknown;
  try {
    value = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DataError(`data/${relative}: ${error instanceof Error ? error.message : String(error)}`);
  }
  cache.set(file, {mtimeMs, value});
  return value;
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
