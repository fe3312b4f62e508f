import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Navigation } from '@statechart/core';
import { prune, readPositions, writePositions, type Positions } from '../src/scrollPositions';

const navigation = (kind: Navigation['kind'], key: string, index: number, reach = 50): Navigation => ({
  id: 1,
  kind,
  key,
  entered: [],
  index,
  reach,
});

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('scroll positions', () => {
  it('are saved and read back by entry key', () => {
    writePositions({ a: { index: 0, y: 120 } });
    expect(readPositions()).toEqual({ a: { index: 0, y: 120 } });
  });

  it('do not throw when storage is full: saving is skipped', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => writePositions({ a: { index: 0, y: 1 } })).not.toThrow();
  });

  it('do not throw when storage is disabled: reading gives none', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readPositions()).toEqual({});
    expect(() => writePositions({ a: { index: 0, y: 1 } })).not.toThrow();
  });

  it('ignore stored data that is not theirs', () => {
    sessionStorage.setItem(
      'scroll-positions',
      JSON.stringify({ a: 12, b: { index: 'x', y: 1 }, c: { index: 1, y: 2 } }),
    );
    expect(readPositions()).toEqual({ c: { index: 1, y: 2 } });
    sessionStorage.setItem('scroll-positions', '{not json');
    expect(readPositions()).toEqual({});
  });

  it('keep only entries that can still be reached: a push drops those after it', () => {
    const positions: Positions = { a: { index: 0, y: 1 }, b: { index: 1, y: 2 }, c: { index: 2, y: 3 } };
    prune(positions, navigation('push', 'd', 1));
    expect(Object.keys(positions)).toEqual(['a']);
  });

  it('keep forward entries on Back', () => {
    const positions: Positions = { a: { index: 0, y: 1 }, b: { index: 1, y: 2 } };
    prune(positions, navigation('pop', 'a', 0));
    expect(Object.keys(positions)).toEqual(['a', 'b']);
  });

  it('keep the entries the history lists, whatever their index (the Navigation API renumbers past 50 entries)', () => {
    // At the browser's bound, the entry just left (b) has the index the new one (c) now has.
    const positions: Positions = { a: { index: 48, y: 1 }, b: { index: 49, y: 2 }, gone: { index: 0, y: 3 } };
    prune(positions, { ...navigation('push', 'c', 49), reachable: () => ['a', 'b', 'c'] }, true);
    expect(Object.keys(positions)).toEqual(['a', 'b']);
  });

  it('ask the history for its entries only once more positions are kept than it can list, or before they are stored', () => {
    const reachable = vi.fn(() => ['k0']);
    const listed = (key: string, index: number) => ({ ...navigation('push', key, index), reachable });
    const positions: Positions = {};
    for (let index = 0; index < 64; index++) {
      positions[`k${index}`] = { index, y: index };
      prune(positions, listed(`k${index}`, index));
    }
    // The listing makes an object per entry: not on every navigation.
    expect(reachable).not.toHaveBeenCalled();
    expect(Object.keys(positions)).toHaveLength(64);
    positions.k64 = { index: 64, y: 64 };
    prune(positions, listed('k64', 64));
    expect(reachable).toHaveBeenCalledTimes(1);
    expect(Object.keys(positions)).toEqual(['k0']);
    positions.k65 = { index: 65, y: 65 };
    prune(positions, listed('k65', 65), true);
    expect(reachable).toHaveBeenCalledTimes(2);
    expect(Object.keys(positions)).toEqual(['k0']);
  });

  it('stay bounded by the entries the browser keeps, however many navigations', () => {
    const positions: Positions = {};
    for (let index = 0; index < 10_000; index++) {
      const key = `k${index}`;
      prune(positions, navigation('push', key, index, 50));
      positions[key] = { index, y: index };
    }
    expect(Object.keys(positions).length).toBeLessThanOrEqual(50);
  });
});
