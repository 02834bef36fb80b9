/**
 * `npm start` compiles only the pages the browser has opened (plugins/dev-lazy-pages), so an edit
 * to a data file or to the contract that no open page reads starts no compilation, and a mistake
 * in it would go unseen until a page that reads it is opened. This watches them anyway: a file
 * that changed is loaded again, a mistake is printed in the terminal with its file and line as the
 * build says it, and a line says when the file loads again. A file an open page reads is left to
 * the compilation, which shows its mistake in the terminal and in the browser. A contract no open
 * page reads is also published again here (`publish`); otherwise after the compilation.
 */
import {watch} from 'node:fs';
import path from 'node:path';
import {contractRelativePath} from './contract/contract';
import {dataFileOf} from './data/load';
import type {Sources} from './sources';

const prefix = '[vultus-contract]';

export function watchSources(sources: Sources, publish: () => void): void {
  const failing = new Set<string>();
  const report = (relative: string, load: () => unknown): void => {
    Promise.resolve()
      .then(load)
      .then(
        () => {
          if (failing.delete(relative)) console.log(`${prefix} ${relative} loads again`);
        },
        (error: unknown) => {
          failing.add(relative);
          console.error(`${prefix} ${error instanceof Error ? error.message : String(error)}`);
        },
      );
  };
  const pending = new Map<string, NodeJS.Timeout>();
  /** Editors write a file in several steps: act once it has been still for a moment. */
  const settled = (file: string, act: () => void): void => {
    clearTimeout(pending.get(file));
    pending.set(
      file,
      setTimeout(() => {
        pending.delete(file);
        act();
      }, 200).unref(),
    );
  };

  const dataDir = path.join(sources.siteDir, 'data');
  watch(dataDir, {recursive: true}, (_event, name) => {
    if (!name || !/\.(?:ya?ml|schema\.json)$/.test(name)) return;
    const yamlFile = dataFileOf(path.join(dataDir, name));
    settled(yamlFile, () => {
      // A page that reads a data file reads its schema too (`Sources.data`).
      if (sources.reads.anyPageReads(yamlFile)) return;
      sources.forget([yamlFile]);
      const relative = path.relative(dataDir, yamlFile).split(path.sep).join('/');
      report(`data/${relative}`, () => sources.data(relative));
    });
  }).unref();

  const contractFile = path.join(sources.siteDir, contractRelativePath);
  // The folder, not the file: an editor that saves by renaming replaces the file watched.
  watch(path.dirname(contractFile), (_event, name) => {
    if (name !== path.basename(contractFile)) return;
    settled(contractFile, () => {
      // An open page that reads it compiles again, and the server publishes it after that.
      if (sources.reads.anyPageReads(contractFile)) return;
      sources.forget([contractFile]);
      report(contractRelativePath, () => sources.contract());
      publish();
    });
  }).unref();
}
