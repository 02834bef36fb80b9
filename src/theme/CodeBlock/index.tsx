/**
 * Ejected from @docusaurus/theme-classic@3.10.2 (src/theme/CodeBlock/index.tsx). Our changes are
 * fenced with VULTUS: the server-rendered code block is kept at hydration instead of rebuilt, and the
 * block's tokens from the build (`tokens`, plugins/code-highlight) reach `CodeBlock/Content`
 * through a context.
 */
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';
import {CodeTokens} from '../../lib/codeTokens';

/**
 * Best attempt to make the children a plain string so it is copyable. If there
 * are react elements, we will not be able to copy the content, and it will
 * return `children` as-is; otherwise, it concatenates the string children
 * together.
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  // The children is now guaranteed to be one/more plain strings
  return Array.isArray(children) ? children.join('') : (children as string);
}

export default function CodeBlock({
  children: rawChildren,
  // VULTUS: the block's token runs, from the build (absent on code blocks written in JSX).
  tokens,
  ...props
}: Props & {tokens?: string}): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const CodeBlockComp = typeof children === 'string' ? StringContent : ElementContent;
  return (
    // VULTUS: no `key={String(isBrowser)}`. Upstream remounts every code block after hydration
    // because its light and dark Prism themes differ in inline styles; ours is one theme of CSS
    // variables (config/prism.ts), so the server's markup is already right in both modes.
    <CodeTokens.Provider value={tokens}>
      <CodeBlockComp {...props}>{children as string}</CodeBlockComp>
    </CodeTokens.Provider>
  );
}
