import { useEffect, useState } from 'react';
import { workerElk } from './elkWorker';
import type { MachineGraph } from './graph';
import type { Scene } from './layout';
import { cachedLayout } from './layoutCache';

/** The graph laid out (in a Web Worker when there is one, kept by layoutCache.ts), or why it failed. */
export function useScene(graph: MachineGraph, allRoutes: boolean) {
  const [scene, setScene] = useState<Scene | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const elk = await workerElk().catch(() => null);
      cachedLayout(graph, { routes: allRoutes ? 'all' : 'grouped', ...(elk && { elk }) }).then(
        (laidOut) => live && setScene(laidOut),
        (error: unknown) => live && setLayoutError(String(error)),
      );
    })();
    return () => {
      live = false;
    };
  }, [graph, allRoutes]);
  return { scene, layoutError };
}
