/**
 * The metrics files under data/metrics/, each validated at load against its JSON Schema
 * (data/metrics/<name>.schema.json, see ../data/load.ts) and loaded once per build by the site's
 * sources (../sources.ts), then handed over with the type generated from that schema. A malformed file fails the build naming the file, the line and the field:
 * `data/metrics/face-match.yaml:40: /models/0/det/3/fmr: must be number`.
 */
import {DataError} from '../data/load';
import type {DataFiles} from '../data/types';
import type {Sources} from '../sources';
import type {MetricsName, VerificationFile, VerificationModel} from './types';

/** data/metrics/<name>.yaml, checked against its schema. */
export function loadMetrics<Name extends MetricsName>(
  sources: Sources,
  name: Name,
): DataFiles[`metrics/${Name}.yaml`] {
  return sources.data(`metrics/${name}.yaml`);
}

/**
 * The model whose figures the pages quote: the one with status `current`. Every renderer and test
 * asks this one function, so the threshold table, the charts and the flows never disagree.
 */
export function currentModel<File extends VerificationFile>(
  data: File,
  where: string,
): File['models'][number] {
  const models: Array<File['models'][number]> = data.models;
  const current = models.filter((model) => model.status === 'current');
  if (current.length !== 1) {
    throw new DataError(
      `${where}: models: expected exactly one model with status "current", found ${current.length}`,
    );
  }
  const [model] = current;
  if (!model) throw new DataError(`${where}: models: no model with status "current"`);
  return model;
}

/** The current model first, then the others in file order (the charts compare them). */
export function modelsCurrentFirst(data: VerificationFile, where: string): VerificationModel[] {
  const current = currentModel(data, where);
  return [current, ...data.models.filter((model) => model !== current)];
}
