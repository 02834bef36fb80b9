/**
 * Ejected from @docusaurus/theme-classic@3.10.2 (src/theme/CodeBlock/Content/index.tsx). Our change
 * is fenced with VULTUS: the code is tokenized at build time (plugins/code-highlight), its tokens
 * arrive as token runs over the block's code and are rendered as one HTML string, instead of Prism
 * tokenizing in the browser and a `CodeBlock/Line` component per line and a `Line/Token` per
 * token. Hydrating a code block costs one element. Swizzling `CodeBlock/Line` or
 * `CodeBlock/Line/Token` has no effect here.
 */
import React, {useContext, useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import type {Props} from '@theme/CodeBlock/Content';
import {decodeTokenRuns, lineNumbering, linesToHtml, plainLines} from '../../../lib/codeHtml';
import {CodeTokens} from '../../../lib/codeTokens';

import styles from './styles.module.css';

// TODO Docusaurus v4: remove useless forwardRef
const Pre = React.forwardRef<HTMLPreElement, ComponentProps<'pre'>>((props, ref) => {
  return (
    <pre
      ref={ref}
      /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */
      tabIndex={0}
      {...props}
      className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
    />
  );
});

function Code(props: ComponentProps<'code'>) {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const tokens = useContext(CodeTokens);
  const {code, lineNumbersStart, lineClassNames} = metadata;
  // VULTUS: the build's tokens; a code block written in JSX (not tokenized at build time) shows
  // its lines unhighlighted rather than shipping Prism to every reader.
  // Memoized: the block renders again when its word-wrap state settles after hydration.
  const html = useMemo(() => {
    const lines = (tokens === undefined ? undefined : decodeTokenRuns(code, tokens)) ?? plainLines(code);
    return linesToHtml(lines, {
      lineClassNames,
      numbering: lineNumbersStart === undefined ? undefined : lineNumbering,
    });
  }, [code, tokens, lineClassNames, lineNumbersStart]);
  return (
    <Pre
      // A ref object handed to the element, as upstream does; the rule mistakes it for a read.
      // eslint-disable-next-line react-hooks/refs
      ref={wordWrap.codeBlockRef}
      // VULTUS: no `language-…` class: the block's container carries it already.
      className={clsx(classNameProp, 'prism-code')}
      style={prismTheme.plain}>
      <Code dangerouslySetInnerHTML={{__html: html}} />
    </Pre>
  );
}
