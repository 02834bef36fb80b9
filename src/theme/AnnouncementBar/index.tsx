// Wraps the announcement bar to fix showing a NEW bar after an older one was dismissed.
// Before hydration an inline script of the classic theme hides the bar whenever the
// "dismissed" flag is set, without looking at the bar id; React then resets the flag for
// the new id but the attribute that hides the bar stays, so the new bar only appears on
// the next visit. The spec says the dismissal resets when the bar's id changes.
import React, {useEffect, type ReactNode} from 'react';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof AnnouncementBarType>;

const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute(initiallyDismissedAttribute, 'false');
    }
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
