/**
 * Where the server reads the docs from: the published site over HTTPS (the default), another
 * base URL (a mirror, a local `npm run serve`), or a build folder on disk. It reads the site's own
 * static files only (the Markdown version of each page, /llms.txt, /openapi.yaml, the search
 * index) and keeps what it read for the life of the process; it stores nothing.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';

export const publicSite = 'https://docs.vultus.example';

export interface Site {
  /** The site's address as readers see it, for the links the tools answer with. */
  readonly baseUrl: string;
  /** A file of the site by its path (`/llms.txt`), or undefined when the site has none. */
  read(file: string): Promise<string | undefined>;
  /** Reads `file` again at its next use, not from what was kept (a deploy changed it). */
  forget(file: string): void;
}

/** A file that exists but could not be read: the answer says so instead of "not found". */
export class SiteError extends Error {}

class WebSite implements Site {
  readonly baseUrl: string;
  private readonly files = new Map<string, Promise<string | undefined>>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  forget(file: string): void {
    this.files.delete(file);
  }

  read(file: string): Promise<string | undefined> {
    let reading = this.files.get(file);
    if (!reading) {
      reading = this.fetch(file);
      // A failure (the network, a 5xx) is tried again on the next call, not remembered.
      reading.catch(() => this.files.delete(file));
      this.files.set(file, reading);
    }
    return reading;
  }

  private async fetch(file: string): Promise<string | undefined> {
    const url = `${this.baseUrl}${file}`;
    let response: Response;
    try {
      response = await fetch(url, {redirect: 'follow', signal: AbortSignal.timeout(20_000)});
    } catch (error) {
      throw new SiteError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status === 404) return undefined;
    if (!response.ok) throw new SiteError(`${url}: HTTP ${response.status}`);
    return response.text();
  }
}

class FolderSite implements Site {
  constructor(
    private readonly dir: string,
    readonly baseUrl: string,
  ) {}

  forget(): void {
    // Nothing is kept: every read reads the folder.
  }

  async read(file: string): Promise<string | undefined> {
    const resolved = path.resolve(this.dir, `.${path.posix.normalize(file)}`);
    // Nothing outside the build folder, whatever the path asks for.
    if (resolved !== this.dir && !resolved.startsWith(this.dir + path.sep)) return undefined;
    try {
      return await readFile(resolved, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
      throw new SiteError(`${resolved}: ${code ?? String(error)}`);
    }
  }
}

/**
 * The site at `where`: an http(s) URL, or a folder holding a build (`build/`). Links in the
 * answers use `baseUrl`, the public site unless given.
 */
export function openSite(where: string = publicSite, baseUrl?: string): Site {
  if (/^https?:\/\//i.test(where)) return new WebSite(where);
  return new FolderSite(path.resolve(where), (baseUrl ?? publicSite).replace(/\/+$/, ''));
}
