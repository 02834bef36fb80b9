/**
 * Shared by the unit tests of the contract loader's messages: loads a contract source from a
 * throwaway site directory and returns what loading it says.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadContract} from '../../../plugins/vultus-contract/contract/contract';

/** The message of loading `source` as contract/openapi.yaml, or '' when it loads. */
export async function contractLoadError(source: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vultus-contract-'));
  try {
    mkdirSync(path.join(dir, 'contract'));
    writeFileSync(path.join(dir, 'contract/openapi.yaml'), source);
    await loadContract(dir);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
