// Wraps the announcement bar to fix two things of the theme's:
// - Showing a NEW bar after an older one was dismissed. Before hydration an inline script of the
//   classic theme hides the bar whenever the "dismissed" flag is set, without looking at the bar
//   id; React then resets the flag for the new id but the attribute that hides the bar stays, so
//   the new bar only appears on the next visit. The spec says the dismissal resets when the bar's
//   id changes.
// - Where focus goes when the bar closes. Its Close button had focus and is removed, so focus fell
//   to the page's body and the next Tab started again from the top of the page. It moves to what
//   follows the bar in tab order: the navbar's first element a reader can reach.
import React, {useEffect, useRef, type ReactNode} from 'react';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {focusIsLostOrIn} from '@site/src/lib/focus';

type Props = WrapperProps<typeof AnnouncementBarType>;

const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

/** The navbar's first link or button that is shown (at 390 px the menu toggle, else the logo). */
function navbarStart(): HTMLElement | undefined {
  const candidates = document.querySelectorAll<HTMLElement>(
    '.navbar a[href], .navbar button:not([disabled])',
  );
  return [...candidates].find((element) => element.getClientRects().length > 0);
}

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  const wasActive = useRef(isActive);
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute(initiallyDismissedAttribute, 'false');
    } else if (wasActive.current && focusIsLostOrIn()) {
      // The bar was closed under the reader's focus (the Close button is gone).
      navbarStart()?.focus();
    }
    wasActive.current = isActive;
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
