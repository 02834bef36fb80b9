/**
 * The sources of one site, loaded once and handed to every renderer: the contract, the data files
 * (each validated against its schema at load), the partials and snippets, the docs pages as the
 * docs plugin lists them, and what the renderers build from them once (the named facts). No
 * renderer reads the disk or keeps a cache of its own; each asks the `Sources` of the page it
 * renders (`DirectiveContext.sources`).
 *
 * docusaurus.config.ts makes one per site and hands it to the remark plugin and to the
 * vultus-contract plugin. A build loads each file once. `docusaurus start` keeps the same one and
 * forgets what the bundler saw change (`forget`, called before each compilation), so an edit is
 * read again by the pages it renders again, and by nothing else.
 *
 * Every accessor notes the file it hands out for the page being rendered (./reads.ts), so the
 * page depends on exactly the files it was rendered from.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {contractRelativePath, loadContract, type Contract} from './contract/contract';
import {DataSchemas, dataFileOf, dataFiles, loadData, schemaFileOf} from './data/load';
import type {DataFiles} from './data/types';
import {noteRead, PageReads, withoutNoting} from './reads';

/** A docs page as the docs plugin lists it. */
export type DocsPage = {
  /** Site-relative: `docs/parameters/responses.md`. */
  file: string;
  /** `/parameters/responses`. */
  route: string;
  title: string;
};

const sourceKinds = ['contract', 'data', 'text'] as const;
type SourceKind = (typeof sourceKinds)[number];
/** The key of what was loaded from `file` as `kind`. */
const loadedKey = (kind: SourceKind, file: string): string => `${kind}:${file}`;

export class Sources {
  /** The files each docs page was rendered from (./reads.ts). */
  readonly reads = new PageReads();
  /** What was loaded, by kind and absolute file: the contract's promise, a data file's value, a file's text. */
  private readonly loaded = new Map<string, unknown>();
  /** What renderers built from several sources (the facts), dropped when any source changes. */
  private readonly built = new Map<string, unknown>();
  private docs: readonly DocsPage[] | undefined;
  /** The data files' schemas, each compiled once for the life of the site (./data/load.ts). */
  private readonly schemas = new DataSchemas();

  constructor(readonly siteDir: string) {}

  private absolute(relative: string): string {
    return path.join(this.siteDir, relative);
  }

  /** A file is loaded once as each kind of source a renderer asks for (its text, or what it means). */
  private once<T>(kind: SourceKind, file: string, load: () => T): T {
    const key = loadedKey(kind, file);
    if (this.loaded.has(key)) return this.loaded.get(key) as T;
    const value = load();
    this.loaded.set(key, value);
    return value;
  }

  /** contract/openapi.yaml, linted, bundled and checked (./contract/contract.ts). */
  contract(): Promise<Contract> {
    const file = this.absolute(contractRelativePath);
    noteRead(file);
    const loading = this.once('contract', file, () => loadContract(this.siteDir));
    // A contract that fails to load is loaded again on the next request (the writer fixes it).
    loading.catch(() => {
      const key = loadedKey('contract', file);
      if (this.loaded.get(key) === loading) this.loaded.delete(key);
    });
    return loading;
  }

  /** A file under data/, validated against its schema, with the type generated from that schema. */
  data<File extends keyof DataFiles>(relative: File): DataFiles[File];
  data(relative: string): unknown;
  data(relative: string): unknown {
    const file = this.absolute(path.join('data', relative));
    noteRead(file);
    noteRead(schemaFileOf(file));
    return this.once('data', file, () => loadData(this.siteDir, relative, this.schemas));
  }

  /**
   * Loads every file under data/ ahead of the pages that read them (`npm start`, once it is
   * ready), one file per turn of the event loop, so that a request arriving meanwhile is answered
   * between two files. A file the loader rejects is left for the pages that read it to show.
   */
  async preloadData(): Promise<void> {
    for (const relative of dataFiles(this.siteDir)) {
      await new Promise((resolve) => setImmediate(resolve));
      try {
        this.data(relative);
      } catch {
        // Shown by the pages that read it.
      }
    }
  }

  /** A text file of the site (a partial, a snippet), or undefined when there is none. */
  text(relative: string): string | undefined {
    const file = this.absolute(relative);
    noteRead(file);
    return this.once('text', file, () => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    });
  }

  /**
   * What a renderer builds from several sources once per build (every named fact): built without
   * noting its sources as the page's, since the renderer notes the file of each value it uses.
   */
  build<T>(name: string, make: () => T): T {
    if (this.built.has(name)) return this.built.get(name) as T;
    const value = withoutNoting(make);
    this.built.set(name, value);
    return value;
  }

  /** The docs pages with their routes and titles, from the docs plugin (./index.ts). */
  setDocs(docs: readonly DocsPage[]): void {
    this.docs = docs;
  }

  /** Every docs page, as the docs plugin lists them. */
  docsPages(): readonly DocsPage[] {
    if (!this.docs) throw new Error('the docs pages are not known yet (Sources.setDocs)');
    return this.docs;
  }

  /** The docs page of a route; the page depends on that page's file (its title may change). */
  docsPage(route: string): DocsPage | undefined {
    const page = this.docsPages().find((candidate) => candidate.route === route);
    if (page) noteRead(this.absolute(page.file));
    return page;
  }

  /** Forgets the files that changed (absolute paths): the next request reads them again. */
  forget(files: Iterable<string>): void {
    let changed = false;
    for (const file of files) {
      // A schema's change is a change of its data file.
      const changedFiles = file.endsWith('.schema.json') ? [file, dataFileOf(file)] : [file];
      for (const changedFile of changedFiles) {
        for (const kind of sourceKinds) changed = this.loaded.delete(loadedKey(kind, changedFile)) || changed;
      }
    }
    if (changed) this.built.clear();
  }
}
