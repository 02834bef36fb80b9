/**
 * Shared by the unit tests of the contract's messages: loads a contract source from a throwaway
 * site directory, and returns what loading it says or hands the loaded contract on.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadContract, type Contract} from '../../../plugins/vultus-contract/contract/contract';

/** Loads `source` as contract/openapi.yaml of a throwaway site directory and passes it to `use`. */
export async function withContractSource<T>(
  source: string,
  use: (contract: Contract) => T | Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-contract-'));
  try {
    mkdirSync(path.join(dir, 'contract'));
    writeFileSync(path.join(dir, 'contract/openapi.yaml'), source);
    return await use(await loadContract(dir));
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** The message of loading `source` as contract/openapi.yaml, or '' when it loads. */
export async function contractLoadError(source: string): Promise<string> {
  try {
    await withContractSource(source, () => undefined);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
