/**
 * The metrics files under data/metrics/, each validated against its JSON Schema
 * (data/metrics/schema/<name>.schema.json, JSON Schema 2020-12) before a renderer or a test reads
 * it, then handed over with its type from ./types.ts. A malformed file fails the build naming the
 * file and the field: `data/metrics/face-match.yaml: /models/0/det/3/fmr: must be number`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {DataError, loadData} from '../data/load';
import {noteRead} from '../reads';
import type {MetricsFiles, MetricsName, VerificationFile, VerificationModel} from './types';

/** One validator set per site (schemas carry an $id, which one Ajv instance holds once). */
const ajvs = new Map<string, Ajv2020>();

function ajvFor(siteDir: string): Ajv2020 {
  let ajv = ajvs.get(siteDir);
  if (!ajv) {
    ajv = new Ajv2020({allErrors: true, strict: true});
    addFormats(ajv);
    ajvs.set(siteDir, ajv);
  }
  return ajv;
}

const validators = new Map<string, ValidateFunction>();
const validated = new WeakSet<object>();

function validatorFor(siteDir: string, name: MetricsName): ValidateFunction {
  const file = path.join(siteDir, 'data/metrics/schema', `${name}.schema.json`);
  noteRead(file);
  let validate = validators.get(file);
  if (!validate) {
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new DataError(
        `data/metrics/schema/${name}.schema.json: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    validate = ajvFor(siteDir).compile(schema as object);
    validators.set(file, validate);
  }
  return validate;
}

/** data/metrics/<name>.yaml, checked against its schema. */
export function loadMetrics<Name extends MetricsName>(siteDir: string, name: Name): MetricsFiles[Name] {
  const data = loadData(siteDir, `metrics/${name}.yaml`);
  if (typeof data !== 'object' || data === null) throw new DataError(`data/metrics/${name}.yaml: empty`);
  if (!validated.has(data)) {
    const validate = validatorFor(siteDir, name);
    if (!validate(data)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'}`);
      throw new DataError(`data/metrics/${name}.yaml: ${errors.join('; ')}`);
    }
    validated.add(data);
  }
  return data as MetricsFiles[Name];
}

/**
 * The model whose figures the pages quote: the one with status `current`. Every renderer and test
 * asks this one function, so the threshold table, the charts and the flows never disagree.
 */
export function currentModel(data: VerificationFile, where: string): VerificationModel {
  const current = data.models.filter((model) => model.status === 'current');
  if (current.length !== 1) {
    throw new DataError(
      `${where}: models: expected exactly one model with status "current", found ${current.length}`,
    );
  }
  return current[0] as VerificationModel;
}

/** The current model first, then the others in file order (the charts compare them). */
export function modelsCurrentFirst(data: VerificationFile, where: string): VerificationModel[] {
  const current = currentModel(data, where);
  return [current, ...data.models.filter((model) => model !== current)];
}
