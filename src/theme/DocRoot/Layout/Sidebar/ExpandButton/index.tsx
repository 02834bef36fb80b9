// Ejected from @docusaurus/theme-classic@3.10.2 (lib/theme/DocRoot/Layout/Sidebar/ExpandButton/index.js).
// Why: the theme's button is a <div role="button"> that toggles on any key (`onKeyDown`), so Tab
// from it expanded the sidebar instead of moving on, and focus fell to the page's body when the
// sidebar collapsed or expanded under it. It is now a <button> (Enter and Space, as any button).
// It takes focus when it appears while focus is in the hidden sidebar or on the body (the collapse
// button that had focus is hidden), and a keyboard or assistive technology's press of it gives
// focus to the collapse button. A mouse click moves no focus, and the hover tint and focus ring
// follow :focus-visible, so a mouse reader sees no focus either way.
// VULTUS: start
import React, {useEffect, useRef, type ReactNode, type MouseEvent} from 'react';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {focusIsLostOrIn} from '@site/src/lib/focus';
// VULTUS: end
import {translate} from '@docusaurus/Translate';
import IconArrow from '@theme/Icon/Arrow';
import type {Props} from '@theme/DocRoot/Layout/Sidebar/ExpandButton';
import styles from './styles.module.css';

// VULTUS: start
/**
 * The docs sidebar's collapse button (DocSidebar/Desktop/CollapseButton), found by its title as
 * the theme writes it.
 */
function collapseButton(): HTMLElement | null {
  const title = translate({
    id: 'theme.docs.sidebar.collapseButtonTitle',
    message: 'Collapse sidebar',
    description: 'The title attribute for collapse button of doc sidebar',
  });
  return document.querySelector<HTMLElement>(
    `.${ThemeClassNames.docs.docSidebarContainer} button[title="${CSS.escape(title)}"]`,
  );
}
// VULTUS: end

export default function DocRootLayoutSidebarExpandButton({toggleSidebar}: Props): ReactNode {
  // VULTUS: start
  const button = useRef<HTMLButtonElement>(null);
  // Shown once the sidebar has collapsed. It never shows as a page loads (the sidebar starts
  // expanded), and there is one sidebar, so it is not shown again by a page change.
  useEffect(() => {
    if (focusIsLostOrIn(document.querySelector(`.${ThemeClassNames.docs.docSidebarContainer}`)))
      button.current?.focus();
  }, []);
  const expand = (event: MouseEvent<HTMLButtonElement>): void => {
    // A press by keyboard or assistive technology (no pointer: `detail` 0), or with a focus ring.
    const byKeyboard = event.detail === 0 || event.currentTarget.matches(':focus-visible');
    toggleSidebar();
    // The collapse button shows in the same commit: focus it on the next frame.
    if (byKeyboard) requestAnimationFrame(() => collapseButton()?.focus());
  };
  // A <button> (it was a <div role="button"> with the toggle on every key down).
  return (
    <button
      ref={button}
      type="button"
      // VULTUS: end
      className={styles.expandButton}
      title={translate({
        id: 'theme.docs.sidebar.expandButtonTitle',
        message: 'Expand sidebar',
        description: 'The ARIA label and title attribute for expand button of doc sidebar',
      })}
      aria-label={translate({
        id: 'theme.docs.sidebar.expandButtonAriaLabel',
        message: 'Expand sidebar',
        description: 'The ARIA label and title attribute for expand button of doc sidebar',
      })}
      // VULTUS: was tabIndex={0} role="button" onKeyDown={toggleSidebar} onClick={toggleSidebar}
      onClick={expand}>
      <IconArrow className={styles.expandButtonIcon} />
    </button>
  );
}
