// Wraps the docs page content to put the "Copy page" control and the link to the page's
// Markdown version above the title (issue: docs that AI assistants can use).
import React, {type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <PageActions permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
