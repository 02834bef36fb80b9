/** A code block's lines highlighted at build time, from `CodeBlock` to `CodeBlock/Content`. */
import {createContext} from 'react';

export const HighlightedHtml = createContext<string | undefined>(undefined);
