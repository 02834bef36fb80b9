/**
 * Shared by the unit tests of the Web SDK samples: every script of a docs code block that uses a
 * Web SDK, and a script parsed by the TypeScript compiler as its block's language.
 */
import type {Code} from 'mdast';
import ts from 'typescript';
import {codeBlocks, renderedDocs, type RenderedPage} from './pages';

const scriptLanguages = new Set(['javascript', 'js', 'typescript', 'ts', 'tsx', 'jsx', 'html', 'vue']);

/** The script of a sample: the block itself, or the inline scripts of an HTML or Vue block. */
function scripts(language: string, code: string): string[] {
  if (language === 'html' || language === 'vue') {
    return [...code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  }
  return [code];
}

export type SdkSample = {page: RenderedPage; block: Code; language: string; source: string};

/** Every script on the SDK pages, and elsewhere every script that imports or names a Web SDK. */
export async function sdkSamples(): Promise<SdkSample[]> {
  const samples: SdkSample[] = [];
  for (const page of await renderedDocs()) {
    const sdkPage = page.route.startsWith('/webSDK/');
    for (const block of codeBlocks(page.tree)) {
      const language = block.lang ?? '';
      if (!scriptLanguages.has(language)) continue;
      for (const source of scripts(language, block.value)) {
        if (sdkPage || /@vultus\/|VultusWebSDK|VultusGUI/.test(source))
          samples.push({page, block, language, source});
      }
    }
  }
  return samples;
}

/** A sample's script, parsed as TSX when its block is `tsx` or `jsx`, as TypeScript otherwise. */
export function parseScript(source: string, language: string): ts.SourceFile {
  return ts.createSourceFile(
    'sample.tsx',
    source,
    ts.ScriptTarget.Latest,
    true,
    language === 'tsx' || language === 'jsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}
