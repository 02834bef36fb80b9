/**
 * /.well-known/api-catalog (RFC 9727): a linkset (RFC 9264) that names each cloud base URL of the
 * API with its machine-readable description (`service-desc`, /openapi.yaml) and its documentation
 * (`service-doc`, the docs), so that a tool that knows the host finds the contract. The base URLs
 * are the contract's `servers`; a templated one (the on-premise server's `{host}`) names no
 * single host and is left out.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {OpenApiDocument} from '../contract/contract';

export const apiCatalogFile = '.well-known/api-catalog';

type Link = {href: string; type?: string; title?: string};
export type Linkset = {
  linkset: Array<{anchor: string; item?: Link[]; 'service-desc'?: Link[]; 'service-doc'?: Link[]}>;
};

export function apiCatalog(contract: Pick<OpenApiDocument, 'servers'>, siteUrl: string): Linkset {
  const servers = contract.servers.filter((server) => !server.url.includes('{'));
  const description = [{href: `${siteUrl}/openapi.yaml`, type: 'application/yaml'}];
  const documentation = [{href: `${siteUrl}/`, type: 'text/html'}];
  return {
    linkset: [
      {anchor: `${siteUrl}/${apiCatalogFile}`, item: servers.map((server) => ({href: server.url}))},
      ...servers.map((server) => ({
        anchor: server.url,
        'service-desc': description,
        'service-doc': documentation,
      })),
    ],
  };
}

export async function writeApiCatalog(
  outDir: string,
  contract: Pick<OpenApiDocument, 'servers'>,
  siteUrl: string,
): Promise<void> {
  const file = path.join(outDir, apiCatalogFile);
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, `${JSON.stringify(apiCatalog(contract, siteUrl), null, 2)}\n`);
}
