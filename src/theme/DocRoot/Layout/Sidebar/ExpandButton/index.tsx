// Ejected from @docusaurus/theme-classic@3.10.2 (lib/theme/DocRoot/Layout/Sidebar/ExpandButton/index.js).
// Why: the theme's button is a <div role="button"> that toggles on any key (`onKeyDown`), so Tab
// from it expanded the sidebar instead of moving on, and focus fell to the page's body when the
// sidebar collapsed or expanded under it. It is now a <button> (Enter and Space, as any button);
// it takes focus when it appears in place of a collapse button that had it, and gives focus to the
// collapse button when it expands the sidebar.
import React, {useEffect, useRef, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import IconArrow from '@theme/Icon/Arrow';
import type {Props} from '@theme/DocRoot/Layout/Sidebar/ExpandButton';
import styles from './styles.module.css';

/**
 * Focuses the docs sidebar's collapse button (found by its title, as the theme writes it) from the
 * first frame it is shown, trying for a few frames at most.
 */
function focusCollapseButton(title: string, frames = 30): void {
  const button = document.querySelector<HTMLElement>(
    `.${ThemeClassNames.docs.docSidebarContainer} button[title="${title}"]`,
  );
  button?.focus();
  if (button && document.activeElement !== button && frames > 1)
    requestAnimationFrame(() => focusCollapseButton(title, frames - 1));
}

export default function DocRootLayoutSidebarExpandButton({toggleSidebar}: Props): ReactNode {
  const button = useRef<HTMLButtonElement>(null);
  // VULTUS: shown once the sidebar has collapsed; the collapse button that had focus is hidden.
  useEffect(() => {
    const focused = document.activeElement;
    if (
      focused === null ||
      focused === document.body ||
      focused.closest(`.${ThemeClassNames.docs.docSidebarContainer}`)
    )
      button.current?.focus();
  }, []);
  const label = translate({
    id: 'theme.docs.sidebar.expandButtonAriaLabel',
    message: 'Expand sidebar',
    description: 'The ARIA label and title attribute for expand button of doc sidebar',
  });
  // VULTUS: a <button> (it was a <div role="button"> with the toggle on every key down).
  return (
    <button
      ref={button}
      type="button"
      className={styles.expandButton}
      title={translate({
        id: 'theme.docs.sidebar.expandButtonTitle',
        message: 'Expand sidebar',
        description: 'The ARIA label and title attribute for expand button of doc sidebar',
      })}
      aria-label={label}
      onClick={() => {
        const hadFocus = document.activeElement === button.current;
        toggleSidebar();
        // VULTUS: the title of the theme's collapse button (DocSidebar/Desktop/CollapseButton).
        const collapseTitle = translate({
          id: 'theme.docs.sidebar.collapseButtonTitle',
          message: 'Collapse sidebar',
          description: 'The title attribute for collapse button of doc sidebar',
        });
        if (hadFocus) requestAnimationFrame(() => focusCollapseButton(collapseTitle));
      }}>
      <IconArrow className={styles.expandButtonIcon} />
    </button>
  );
}
