import type { ReactNode } from 'react';
import { useViewId } from './routing';

/**
 * The main heading of a screen's view. After a navigation, focus moves to the heading of the
 * screen that was entered (tabindex -1: focusable by script, not in the tab order).
 */
export function ScreenHeading({ level = 1, children }: { level?: 1 | 2 | 3; children: ReactNode }) {
  const id = useViewId();
  const Tag = `h${level}` as const;
  return (
    <Tag tabIndex={-1} data-screen-heading={id ?? undefined} className="screen-heading">
      {children}
    </Tag>
  );
}
