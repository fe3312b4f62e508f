import workerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ElkLayouter } from './layout';

let shared: Promise<ElkLayouter | null> | undefined;

/**
 * ELK running in a Web Worker (elkjs's own worker build, served as a file by Vite): layout takes
 * ~0.1–1 s for a few hundred states, and on the main thread that would freeze the app and the
 * overlay meanwhile. One worker for the page, kept when the overlay closes: a fresh worker's
 * first layout runs ELK's code cold, several times slower than the next ones. Browser only;
 * `null` where there are no workers (jsdom), and the caller falls back to the main thread.
 */
export function workerElk(): Promise<ElkLayouter | null> {
  shared ??= (async () => {
    if (typeof Worker === 'undefined') return null;
    const { default: ELK } = await import('elkjs/lib/elk-api.js');
    const elk = new ELK({ workerUrl });
    return { layout: (graph) => elk.layout(graph) };
  })();
  return shared;
}
