/**
 * data/search/synonyms.yaml: groups of words and phrases searched for each other. A malformed
 * file fails the build, naming the file and the field.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import {parse} from 'yaml';

export const synonymsFile = 'data/search/synonyms.yaml';

export class SynonymsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SynonymsError';
  }
}

export function loadSynonyms(siteDir: string): string[][] {
  const schema: unknown = JSON.parse(
    readFileSync(path.join(siteDir, 'data/search/synonyms.schema.json'), 'utf8'),
  );
  let data: unknown;
  try {
    data = parse(readFileSync(path.join(siteDir, synonymsFile), 'utf8'));
  } catch (error) {
    throw new SynonymsError(`${synonymsFile}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const validate = new Ajv2020({allErrors: true}).compile<{groups: string[][]}>(schema as object);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message ?? ''}`,
    );
    throw new SynonymsError(`${synonymsFile}: ${problems.join('; ')}`);
  }
  return data.groups;
}
