/**
 * Which files a docs page is rendered from, so that an edit to any of them renders the page again.
 *
 * A page's Markdown is compiled by Docusaurus's MDX loader, which knows the page's own file only.
 * What the directives expand comes from other files: contract/openapi.yaml, data/, the partials of
 * docs/_partials/, another page's title. The site's sources (./sources.ts) note each file they hand
 * out (`noteRead`, loaded or not); remark.ts renders each page inside `PageReads.record`, and
 * ./dependencies-loader.cjs, which runs after the MDX loader on every docs page, declares the
 * files to the bundler (`addDependency`). So `docusaurus start` re-renders a page when one of its
 * files changes, and a warm `docusaurus build` does not reuse a cached page whose files changed.
 * The loader also runs before the MDX loader, declaring the files of the page's last render: a
 * page whose render fails keeps them, so fixing the file that broke it renders it again. A page
 * that fails on its first render has no last render; while it fails, `docusaurus start` watches
 * the files the failed pages read (`ofFailedPages`).
 *
 * The site's `Sources` holds its `PageReads`, and is handed to the remark plugin and to the plugin
 * that adds the loader (docusaurus.config.ts makes one per site).
 */
import {AsyncLocalStorage} from 'node:async_hooks';

const recording = new AsyncLocalStorage<Set<string>>();

/** Notes that the page being rendered, if any, reads `file` (an absolute path). */
export function noteRead(file: string): void {
  recording.getStore()?.add(file);
}

/**
 * Runs `read` without noting what it reads: for what is built from many files once (every named
 * fact, `Sources.build`), whose user notes the one file each value it uses comes from.
 */
export function withoutNoting<T>(read: () => T): T {
  return recording.exit(read);
}

/** The files each docs page was rendered from, by the page's absolute path. */
export class PageReads {
  private readonly byPage = new Map<string, readonly string[]>();
  private readonly failed = new Set<string>();

  /** Renders a page, noting the files it reads, whether the render succeeds or fails. */
  async record<T>(page: string, render: () => Promise<T>): Promise<T> {
    const files = new Set<string>();
    try {
      const rendered = await recording.run(files, render);
      this.failed.delete(page);
      return rendered;
    } catch (error) {
      this.failed.add(page);
      throw error;
    } finally {
      this.byPage.set(page, [...files].sort());
    }
  }

  /** The files the page was last rendered from (none for a page rendered without a directive). */
  of(page: string): readonly string[] {
    return this.byPage.get(page) ?? [];
  }

  /** Whether the last render of some page read `file`. */
  anyPageReads(file: string): boolean {
    for (const files of this.byPage.values()) if (files.includes(file)) return true;
    return false;
  }

  /** The pages whose last render failed. */
  failedPages(): readonly string[] {
    return [...this.failed].sort();
  }

  /** Every file a page whose last render failed read before it failed. */
  ofFailedPages(): Set<string> {
    return new Set([...this.failed].flatMap((page) => this.of(page)));
  }
}
