// Wraps the blog tags list page to give it a meta description, which the
// classic theme omits (every page of the site carries one, for search engines).
import React, {type ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import type BlogTagsListPageType from '@theme/BlogTagsListPage';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof BlogTagsListPageType>;

export const tagsPageDescription =
  'Every tag used on the Vultus Docs blog, with the number of posts filed under each.';

export default function BlogTagsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata description={tagsPageDescription} />
      <BlogTagsListPage {...props} />
    </>
  );
}
