/**
 * Local Docusaurus plugin for the Vultus API contract: loads and validates
 * contract/openapi.yaml in loadContent (a malformed contract fails the build, naming the
 * file and the JSON pointer), and makes `docusaurus start` reload when it changes. The
 * file itself is published at /openapi.yaml through `staticDirectories`, and the pages
 * render it through the remark plugin in ./remark.ts.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {contractRelativePath, loadContract} from './contract';

export default function vultusContractPlugin(context: LoadContext): Plugin<{operations: number}> {
  return {
    name: 'vultus-contract',
    getPathsToWatch() {
      return [path.join(context.siteDir, contractRelativePath)];
    },
    async loadContent() {
      const contract = await loadContract(context.siteDir);
      return {operations: contract.operations.size};
    },
  };
}
