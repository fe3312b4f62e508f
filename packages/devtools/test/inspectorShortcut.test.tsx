import { describe, expect, it } from 'vitest';
import { isInspectorShortcut } from '../src/devTools';

/** The inspector's keyboard shortcut (Alt+Shift+I), as the window's keydown listener reads it. */
const keydown = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { ...init, bubbles: true });
/**
 * What the browser gives the listener for a key the person pressed: the same fields, and
 * `isTrusted` true (an event's own, unforgeable property: no script, nor jsdom, can set it).
 */
const pressed = (init: KeyboardEventInit): KeyboardEvent => {
  const { altKey = false, shiftKey = false, ctrlKey = false, metaKey = false, code = '', key = '' } = init;
  // Only the fields the shortcut reads: a stand-in for the browser's trusted event.
  return { isTrusted: true, altKey, shiftKey, ctrlKey, metaKey, code, key } as unknown as KeyboardEvent;
};

describe('the inspector’s keyboard shortcut', () => {
  it('is Alt+Shift+I pressed by the person, never a keydown a script dispatched', () => {
    const shortcut = { altKey: true, shiftKey: true, code: 'KeyI', key: 'Î' };
    expect(isInspectorShortcut(pressed(shortcut))).toBe(true);
    expect(isInspectorShortcut(keydown(shortcut)), 'a synthetic Alt+Shift+I (isTrusted false) toggles nothing').toBe(
      false,
    );
    expect(isInspectorShortcut(pressed({ ...shortcut, ctrlKey: true }))).toBe(false);
    expect(isInspectorShortcut(pressed({ ...shortcut, code: 'KeyJ' }))).toBe(false);
  });
});
