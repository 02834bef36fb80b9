// Wraps the mobile menu so that it behaves as the modal panel it looks like. The theme draws it
// over a backdrop that dims the page, with the page's scrolling locked, but leaves focus where it
// was: Tab went on to the navbar items under the menu, then into the page behind it, and Escape did
// nothing. While the menu is open, focus moves to its close button, the page behind the backdrop is
// inert, and Escape closes it (as a click on the backdrop does); once it closes, focus goes back to
// the button that opened it.
import React, {useEffect, type ReactNode} from 'react';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';
import {focusIsLostOrIn} from '@site/src/lib/focus';

type Props = WrapperProps<typeof MobileSidebarType>;

const menuSelector = `.${ThemeClassNames.layout.navbar.mobileSidebar.container}`;

/**
 * What the open menu makes inert: every other child of the app's root, and every other child of
 * the navbar (its bar, with the toggle, the logo and the search box), leaving the menu and the
 * backdrop, which closes the menu when clicked.
 */
function behindMenu(menu: HTMLElement): HTMLElement[] {
  const navbar = menu.parentElement;
  const root = navbar?.parentElement;
  if (!navbar || !root) return [];
  return [...root.children, ...navbar.children].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      !element.contains(menu) &&
      !element.classList.contains('navbar-sidebar__backdrop') &&
      !element.inert,
  );
}

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown, shouldRender, toggle} = useNavbarMobileSidebar();
  useEffect(() => {
    const menu = document.querySelector<HTMLElement>(menuSelector);
    if (!shown || !shouldRender || !menu) return undefined;
    const background = behindMenu(menu);
    const toggleButton = background
      .map((element) => element.querySelector<HTMLElement>('.navbar__toggle'))
      .find((button) => button !== null);
    for (const element of background) element.inert = true;
    // The menu is shown by a CSS transition from `visibility: hidden`: the close button takes
    // focus from the first frame the menu is visible.
    const closeButton = menu.querySelector<HTMLElement>('.navbar-sidebar__close');
    let frame = 0;
    let frames = 0;
    const focusClose = (): void => {
      closeButton?.focus();
      frames += 1;
      if (closeButton && document.activeElement !== closeButton && frames < 30)
        frame = requestAnimationFrame(focusClose);
    };
    frame = requestAnimationFrame(focusClose);
    const onKeyDown = (event: KeyboardEvent): void => {
      // Not an Escape that something in the menu has handled, nor one that ends a composition.
      if (event.key === 'Escape' && !event.defaultPrevented && !event.isComposing) toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      for (const element of background) element.inert = false;
      // Focus was in the menu, now closing: back to the button that opens it. (A link of the menu
      // to another page of the site without a #fragment then moves focus to the top of the new
      // page, as the theme does for such a page change; after any other link, focus stays on the
      // toggle.)
      if (focusIsLostOrIn(menu)) toggleButton?.focus();
    };
  }, [shown, shouldRender, toggle]);
  return <MobileSidebar {...props} />;
}
