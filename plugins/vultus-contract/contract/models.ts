/**
 * The model versions of `x-model-versions` as code outside the tables needs them: the current
 * version of a family, for the facts `models.<family>.current` (../facts/facts.ts) and for the
 * announcement bar of docusaurus.config.ts, which reads the file before the contract is loaded.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {yamlSyntaxError} from '../yamlLines';
import {ContractError, contractRelativePath, type ModelVersion} from './contract';

/** The version with status `current` of one family: `face-match` → `face-match-v4.2`. */
export function currentModelVersion(rows: readonly ModelVersion[], family: string): string {
  const current = rows.filter((row) => row.family === family && row.status === 'current');
  if (current.length !== 1 || !current[0]) {
    throw new ContractError(
      `${contractRelativePath}: #/x-model-versions: the ${family} family has ${current.length} current versions; it needs exactly one`,
    );
  }
  return current[0].model_version;
}

/**
 * `x-model-versions` read from the file synchronously, as written, for code that runs before the
 * contract loads (the site configuration). The loader checks its shape when the build starts.
 */
export function readModelVersions(siteDir: string): ModelVersion[] {
  let document: Record<string, unknown> | null;
  try {
    document = parse(readFileSync(path.join(siteDir, contractRelativePath), 'utf8')) as Record<
      string,
      unknown
    > | null;
  } catch (error) {
    throw new ContractError(yamlSyntaxError(contractRelativePath, error));
  }
  const rows = document?.['x-model-versions'];
  if (!Array.isArray(rows)) {
    throw new ContractError(`${contractRelativePath}: #/x-model-versions: expected a list`);
  }
  return rows as ModelVersion[];
}
