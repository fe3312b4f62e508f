import { describe, expect, it } from 'vitest';
import { clampSize, defaultDock, effectiveSide, loadDock, padPage, saveDock, STORAGE_KEY } from '../src/dock';

const wide = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the overlay’s dock', () => {
  it('starts on the right at 45% of a wide window, leaving the app ~790 px', () => {
    const dock = defaultDock(wide);
    expect(dock.side).toBe('right');
    expect(wide.width - dock.size).toBeGreaterThanOrEqual(780);
  });

  it('docks to the bottom on a narrow window whatever was chosen', () => {
    expect(effectiveSide({ side: 'left', size: 500 }, phone)).toBe('bottom');
    expect(effectiveSide({ side: 'left', size: 500 }, wide)).toBe('left');
  });

  it('keeps the size within the window, the app and the overlay each keeping a minimum', () => {
    expect(clampSize(10, 'right', wide)).toBe(280);
    expect(clampSize(5000, 'right', wide)).toBe(wide.width - 320);
    expect(clampSize(5000, 'bottom', phone)).toBe(phone.height - 160);
  });

  it('remembers place and size, and falls back to the default on a malformed or missing entry', () => {
    const storage = memoryStorage();
    expect(loadDock(wide, storage)).toEqual(defaultDock(wide));
    saveDock({ side: 'left', size: 512 }, storage);
    expect(loadDock(wide, storage)).toEqual({ side: 'left', size: 512 });
    storage.items.set(STORAGE_KEY, '{"side":"up","size":1}');
    expect(loadDock(wide, storage)).toEqual(defaultDock(wide));
    storage.items.set(STORAGE_KEY, 'not json');
    expect(loadDock(wide, storage)).toEqual(defaultDock(wide));
  });

  it('pads the page on the docked side and restores it', () => {
    const style: Record<string, string> = { paddingRight: '3px' };
    const root = { style } as unknown as HTMLElement;
    const restore = padPage('right', 600, root);
    expect(style.paddingRight).toBe('600px');
    restore();
    expect(style.paddingRight).toBe('3px');
  });
});
