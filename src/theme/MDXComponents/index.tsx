// Wraps the MDX component map to register, once, the components that the contract directives
// (plugins/vultus-contract) emit, so pages stay plain Markdown, to render list items and links
// without the theme's per-element classes (see `Li` and `A`), and to keep long inline code with
// the places it may break inline (see `Code`).
import React, {type ComponentProps, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import CodeInline from '@theme/CodeInline';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import EndpointHeader from '@site/src/components/EndpointHeader';

/**
 * A list item as the theme's (its id counts as an anchor for the broken-link check), without
 * the class the theme adds to an item with an id and the empty `class=""` it gives every other
 * item: the API reference has hundreds of items with ids, and src/css/custom.css gives every
 * `li[id]` the same scroll margin below the navbar.
 */
function Li(props: ComponentProps<'li'>): ReactNode {
  useBrokenLinks().collectAnchor(props.id);
  return <li {...props} />;
}

/**
 * A link as the theme's (`Link`, which also counts an id as an anchor), without the class the
 * theme adds to a link with an id and the empty `class=""` it gives every other link: the error
 * and decline catalogues anchor each row on a self-link, and src/css/custom.css gives `td [id]`
 * its scroll margin.
 */
function A(props: ComponentProps<typeof Link>): ReactNode {
  return <Link {...props} />;
}

const ThemeCode = MDXComponents.code;

/**
 * Inline code as the theme's, and long inline code (`code-long`, plugins/rehype-inline-code.ts)
 * inline too: the `<wbr>`s where it may break make it more than a string, which the theme would
 * take for a code block.
 */
function Code(props: ComponentProps<'code'>): ReactNode {
  return props.className?.split(' ').includes('code-long') ? (
    <CodeInline {...props} />
  ) : (
    <ThemeCode {...props} />
  );
}

export default {
  ...MDXComponents,
  a: A,
  code: Code,
  li: Li,
  Tabs,
  TabItem,
  EndpointHeader,
};
