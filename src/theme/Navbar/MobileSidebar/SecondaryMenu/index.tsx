// Wraps the mobile menu's secondary panel (the docs sidebar) to move focus when "Back to main
// menu" hides it. The theme makes the hidden panel inert, so the button that was pressed loses
// focus and the next Tab went on from the hidden panel into the page: a keyboard reader had to tab
// through the whole page to reach the main menu. Focus now goes to the main menu's first item.
import React, {useEffect, useRef, type ReactNode} from 'react';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar, useNavbarSecondaryMenu} from '@docusaurus/theme-common/internal';
import SecondaryMenu from '@theme-original/Navbar/MobileSidebar/SecondaryMenu';
import type SecondaryMenuType from '@theme/Navbar/MobileSidebar/SecondaryMenu';
import type {WrapperProps} from '@docusaurus/types';
import {focusIsLostOrIn} from '@site/src/lib/focus';

type Props = WrapperProps<typeof SecondaryMenuType>;

const panelSelector = `.${ThemeClassNames.layout.navbar.mobileSidebar.panel}`;

export default function SecondaryMenuWrapper(props: Props): ReactNode {
  const {shown} = useNavbarSecondaryMenu();
  const mobileSidebar = useNavbarMobileSidebar();
  const wasShown = useRef(shown);
  useEffect(() => {
    const hidden = wasShown.current && !shown;
    wasShown.current = shown;
    if (!hidden || !mobileSidebar.shown) return;
    // The theme's layout: the main menu's panel, then this one.
    const [primary, secondary] = document.querySelectorAll<HTMLElement>(panelSelector);
    if (!primary || !secondary) return;
    // Only when focus was in the panel just hidden (or already fell from it to the body).
    if (!focusIsLostOrIn(secondary)) return;
    primary.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [shown, mobileSidebar.shown]);
  return <SecondaryMenu {...props} />;
}
