// Ejected from @docusaurus/theme-classic@3.10.2 (lib/theme/NotFound/Content/index.js).
// Why: with the docs at the site root, every unknown path is answered by the docs
// plugin's root route, which renders only this content component, so the 404 page had
// no title of its own ("Vultus Docs") and no description. The page metadata now lives
// here, and the page offers the ways back into the docs that a reader needs.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';

export type Props = {readonly className?: string};

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      {/* VULTUS: start — title and description of the 404 page */}
      <PageMetadata
        title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})}
        description="This page does not exist on Vultus Docs. Search the docs, or start again from the introduction to the Vultus API."
      />
      {/* VULTUS: end */}
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title" description="The title of the 404 page">
              Page Not Found
            </Translate>
          </Heading>
          <p>
            <Translate id="theme.NotFound.p1" description="The first paragraph of the 404 page">
              We could not find what you were looking for.
            </Translate>
          </p>
          {/* VULTUS: start — ways back into the docs instead of "contact the owner" */}
          <p>Use the search box at the top of the page, or start from one of these:</p>
          <ul>
            <li>
              <Link to="/">Introduction and quick start</Link>
            </li>
            <li>
              <Link to="/auth">Authentication</Link>
            </li>
            <li>
              <Link to="/decline-reasons">Decline reasons</Link>
            </li>
            <li>
              <Link to="/responses">Responses, errors and webhooks</Link>
            </li>
          </ul>
          {/* VULTUS: end */}
        </div>
      </div>
    </main>
  );
}
