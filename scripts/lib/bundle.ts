/**
 * The offline archive of the docs (`npm run bundle`): the build, the serving rules of
 * deploy/nginx, the standalone nginx configuration and Containerfile of deploy/standalone, and
 * their README, and the docs MCP server (mcp/dist), in `vultus-docs-<version>/`, versioned with the
 * on-premise release it documents (data/onprem/services.yaml). For on-premise customers whose hosts have no internet:
 * docs/onprem-services/merged-solutions.md says where they get it.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {cp, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {create} from 'tar';
import {loadData} from '../../plugins/vultus-contract/data/load';

export type Bundle = {version: string; file: string; sha256: string; bytes: number};

/** The archive's name for a release: `vultus-docs-5.2.0`. */
export const bundleName = (version: string): string => `vultus-docs-${version}`;

/**
 * Writes `<outDir>/vultus-docs-<version>.tar.gz` and its `.sha256` from the site at `siteDir`
 * and its build at `buildDir`.
 */
export async function writeBundle(siteDir: string, buildDir: string, outDir: string): Promise<Bundle> {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(
      `${path.relative(siteDir, buildDir) || buildDir}/index.html is missing: run \`npm run build\` first.`,
    );
  }
  const {version} = loadData(siteDir, 'onprem/services.yaml');
  const name = bundleName(version);
  const staging = await mkdtemp(path.join(tmpdir(), 'vultus-bundle-'));
  try {
    const root = path.join(staging, name);
    await mkdir(root);
    await cp(buildDir, path.join(root, 'site'), {recursive: true});
    await cp(path.join(siteDir, 'deploy/nginx'), path.join(root, 'vultus'), {recursive: true});
    await rm(path.join(root, 'vultus/README.md'));
    const standalone = path.join(siteDir, 'deploy/standalone');
    for (const file of ['nginx.conf', 'Containerfile'])
      await cp(path.join(standalone, file), path.join(root, file));
    // The docs MCP server, one self-contained script (mcp/dist, built by `npm ci`), for assistants
    // on the isolated network: `node mcp/vultus-docs-mcp.mjs --site site`.
    await mkdir(path.join(root, 'mcp'));
    await cp(path.join(siteDir, 'mcp/dist/vultus-docs-mcp.mjs'), path.join(root, 'mcp/vultus-docs-mcp.mjs'));
    const readme = await readFile(path.join(standalone, 'README.md'), 'utf8');
    await writeFile(path.join(root, 'README.md'), readme.replaceAll('<version>', version));
    await mkdir(outDir, {recursive: true});
    const file = path.join(outDir, `${name}.tar.gz`);
    // Owned by root and readable by all, with no build machine's user or dates in it.
    await create(
      {
        gzip: true,
        file,
        cwd: staging,
        portable: true,
        mtime: new Date('2000-01-01T00:00:00Z'),
      },
      [name],
    );
    const archive = readFileSync(file);
    const sha256 = createHash('sha256').update(archive).digest('hex');
    await writeFile(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`);
    return {version, file, sha256, bytes: archive.length};
  } finally {
    await rm(staging, {recursive: true, force: true});
  }
}
