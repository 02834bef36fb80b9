/**
 * Ejected from @docusaurus/theme-classic@3.10.2 (lib/theme/BlogPostItem/Footer/ReadMoreLink/index.js), small.
 * VULTUS: the link's text names the post ("Read more" shown, "about <title>" for screen readers
 * and crawlers) instead of an `aria-label` over a bare "Read more": Lighthouse's SEO audit reads
 * link text and failed the blog list and tag pages on it. The accessible name is unchanged.
 */
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import type {Props} from '@theme/BlogPostItem/Footer/ReadMoreLink';
import styles from './styles.module.css';

export default function BlogPostItemFooterReadMoreLink({blogPostTitle, ...linkProps}: Props): ReactNode {
  return (
    <Link {...linkProps}>
      <b>
        <Translate
          id="theme.blog.post.readMore"
          description="The label used in blog post item excerpts to link to full blog posts">
          Read more
        </Translate>
      </b>
      <span className={styles.visuallyHidden}> about {blogPostTitle}</span>
    </Link>
  );
}
