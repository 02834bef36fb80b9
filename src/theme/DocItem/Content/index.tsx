// Wraps the docs page content to put the "Copy page" control, the link to the page's Markdown
// version and the "Open in" links above the title, and to advertise the Markdown version in the
// page head (<link rel="alternate" type="text/markdown">) for tools that read it.
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {markdownPath} from '@site/src/lib/markdownPath';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const markdown = useBaseUrl(markdownPath(metadata.permalink));
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={markdown} />
      </Head>
      <PageActions permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
