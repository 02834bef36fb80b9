/**
 * Shared by the unit tests that map a sample's call back to the contract: which operation a
 * method and a concrete path (`/face/match`, `/collections/col_…/faces`) call.
 */
import type {Contract, OperationEntry} from '../../../plugins/vultus-contract/contract/contract';

export type OperationMatcher = {method: string; path: string; pattern: RegExp; entry: OperationEntry};

/** One matcher per path operation (webhooks are not called), its `{parameters}` as one segment. */
export function operationMatchers(contract: Contract): OperationMatcher[] {
  return [...contract.operations.values()]
    .filter((entry) => !entry.webhook)
    .map((entry) => ({
      method: entry.method.toUpperCase(),
      path: entry.path,
      pattern: new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      entry,
    }));
}

/** The operation a request calls, or undefined when the contract has none. */
export function operationCalled(
  matchers: OperationMatcher[],
  method: string,
  apiPath: string,
): OperationEntry | undefined {
  const upper = method.toUpperCase();
  return matchers.find((matcher) => matcher.method === upper && matcher.pattern.test(apiPath))?.entry;
}
