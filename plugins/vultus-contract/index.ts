/**
 * Local Docusaurus plugin for the Vultus API contract: loads and validates
 * contract/openapi.yaml in loadContent (a malformed contract fails the build, naming the
 * file and the JSON pointer), makes `docusaurus start` reload when it or the data files
 * change, and after the build writes the Markdown outputs (`<route>.md`, /llms.txt,
 * /llms-full.txt, see ./llms.ts). The contract itself is published at /openapi.yaml through
 * `staticDirectories`, and the pages render it through the remark plugin in ./remark.ts.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import sidebars from '../../sidebars';
import {contractRelativePath, loadContract} from './contract/contract';
import {writeLlmsOutputs} from './llms';

export default function vultusContractPlugin(context: LoadContext): Plugin<{operations: number}> {
  return {
    name: 'vultus-contract',
    getPathsToWatch() {
      return [
        path.join(context.siteDir, contractRelativePath),
        path.join(context.siteDir, 'data/**/*.{yaml,yml}'),
      ];
    },
    async loadContent() {
      const contract = await loadContract(context.siteDir);
      return {operations: contract.operations.size};
    },
    async postBuild({outDir}) {
      const items = Object.values(sidebars).flatMap((sidebar) => (Array.isArray(sidebar) ? sidebar : []));
      await writeLlmsOutputs(context.siteDir, outDir, items);
    },
  };
}
