import { createElement, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigation } from './routing';
import type { HeaderMenuProps } from './headerMenu';

/**
 * The header's navigation: its entries on the header's one row, or, when they do not fit there
 * beside the product's name, a menu button that shows them (a disclosure, as in WAI-ARIA's
 * "disclosure navigation menu": `aria-expanded`, `aria-controls`). Whether they fit is measured,
 * not guessed from the viewport (three short entries fit a phone, eight do not): before each
 * paint that could change it (new entries: they change with roles; a resize of the nav) the
 * list is laid out on one row and, when wider than the nav, the nav gets `data-menu`. styles.css
 * draws the rest from `data-menu` and `aria-expanded`. The menu closes on Escape (the focus goes
 * back to the button), when the focus leaves it, and on any navigation.
 *
 * The first paint needs the measure and the button (it opens the menu from the first click);
 * Escape, the focus leaving and resizes are `menu` (headerMenu.ts), which the shell passes in once
 * the effects' chunk is in, beside the first render.
 */
export function HeaderNav({
  label,
  menu,
  behaviour,
  children,
}: {
  label: string;
  menu: string;
  behaviour?: ComponentType<HeaderMenuProps>;
  children: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  const { id } = useNavigation();
  // Open for one navigation: the one shown when it was opened.
  const [openAt, setOpenAt] = useState<number>();
  const open = openAt === id;
  // Measured when the entries change (a render of the shell's that changed them), not on every
  // navigation: measuring reads layout, which the browser then works out inside the click's task.
  useLayoutEffect(() => fit(nav.current!), [children]);
  return (
    <nav ref={nav} aria-label={label} className="site-nav">
      <button
        type="button"
        className="nav-toggle"
        aria-expanded={open}
        aria-controls="site-nav-list"
        onClick={() => setOpenAt(open ? undefined : id)}
      >
        {menu}
      </button>
      <ul id="site-nav-list" className="nav-list">
        {children}
      </ul>
      {/* eslint-disable-next-line react-hooks/refs -- read in the behaviour's effects only, never while rendering */}
      {behaviour && createElement(behaviour, { nav, open, setOpenAt })}
    </nav>
  );
}

/** Row or menu: the entries' one-row width against the nav's (the list is its last element). */
export function fit(nav: HTMLElement) {
  delete nav.dataset.menu;
  if (nav.lastElementChild!.scrollWidth > nav.clientWidth) nav.dataset.menu = '';
}
