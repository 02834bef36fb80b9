/** A code block's token runs from the build (src/lib/codeHtml.ts), from `CodeBlock` to `CodeBlock/Content`. */
import {createContext} from 'react';

export const CodeTokens = createContext<string | undefined>(undefined);
