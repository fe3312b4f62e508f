import { useEffect, type RefObject } from 'react';
import { fit } from './HeaderNav';

export interface HeaderMenuProps {
  nav: RefObject<HTMLElement | null>;
  open: boolean;
  setOpenAt: (at: number | undefined) => void;
}

/**
 * The header menu's behaviour after the first paint (HeaderNav.tsx has the rest): the entries
 * measured again when the nav is resized, and an open menu closed on Escape (the focus goes back
 * to its button) and when the focus leaves the nav. In the effects' chunk: none of it acts on the
 * first paint (a ResizeObserver measures once as it starts, so a resize before it came counts).
 */
export function HeaderMenu({ nav, open, setOpenAt }: HeaderMenuProps) {
  useEffect(() => {
    const element = nav.current!;
    // jsdom has neither layout nor ResizeObserver.
    const observer = window.ResizeObserver && new ResizeObserver(() => fit(element));
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [nav]);
  useEffect(() => {
    const element = nav.current!;
    if (!open) return;
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(undefined);
      element.querySelector('button')!.focus();
    };
    const leave = (event: FocusEvent) => element.contains(event.relatedTarget as Node | null) || setOpenAt(undefined);
    element.addEventListener('keydown', escape);
    element.addEventListener('focusout', leave);
    return () => {
      element.removeEventListener('keydown', escape);
      element.removeEventListener('focusout', leave);
    };
  }, [nav, open, setOpenAt]);
  return null;
}
