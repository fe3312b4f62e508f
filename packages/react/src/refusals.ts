import { useEffect, useSyncExternalStore } from 'react';
import type { Refusal as SyncRefusal, RouterSync } from '@statechart/core';
import { useRouter } from './routing';

/**
 * A URL-driven move (a link, Back, Forward) that the machine refused: nothing moved, so something
 * must say why, or the person thinks the app is broken. The router finds them (core's moves,
 * packages/core/src/moves.ts: the move it worked out and did not send; the type is core's
 * routerContract.ts); this adds what a view needs.
 */
export interface Refusal extends SyncRefusal {
  /** True while a view that shows its own notice (FormScreen) is on screen: the shell says nothing. */
  claimed: boolean;
  /** Makes the move that was asked, once its reason is gone (the changes discarded). */
  goOn(): void;
}

const claims = new WeakMap<RouterSync, number>();

/** The latest refusal of the app's router (undefined before the first), re-rendering on each. */
export function useRefusal(): Refusal | undefined {
  const { sync } = useRouter();
  const latest = useSyncExternalStore(sync.subscribe, sync.getRefusal, sync.getRefusal);
  return latest && { ...latest, claimed: (claims.get(sync) ?? 0) > 0, goOn: () => sync.retry() };
}

/**
 * For a view that shows its own notice when a move is refused (FormScreen's): while it is mounted,
 * the shell's notice stays away.
 */
export function useOwnRefusalNotice(): void {
  const { sync } = useRouter();
  useEffect(() => {
    claims.set(sync, (claims.get(sync) ?? 0) + 1);
    return () => void claims.set(sync, (claims.get(sync) ?? 1) - 1);
  }, [sync]);
}
