import type { AnyActorRef, AnyStateMachine, EventObject, InspectionEvent, Observer } from 'xstate';
import { createEventLog } from './eventLog';

/**
 * Development-only tools, loaded by main.tsx behind `import.meta.env.DEV` (a dynamic import, so
 * the production bundle has none of this): the live statechart overlay, opened with Alt+Shift+I or
 * `?inspect` in the URL, and, with VITE_STATELY_INSPECT=1, Stately's hosted inspector.
 */
export interface DevTools {
  /** Pass to createApp: records events from the actor's start (and feeds Stately's inspector). */
  inspect(event: InspectionEvent): void;
  /**
   * Call once the app runs: installs the shortcut, and opens the overlay if `?inspect` asked.
   * `samples`: events with payloads the overlay's buttons send; left out, they are the path spec's
   * (asked of the dev server when the overlay opens: @statechart/vite's `spec` option).
   */
  attach(app: { actor: AnyActorRef; machine: AnyStateMachine; samples?: EventObject[] }): void;
}

/** Where @statechart/vite's dev server answers the path spec's sample events (its samples.ts). */
export const SAMPLES_URL = '/__statechart/samples';

/** The path spec's samples, or none: without a dev server that has them, the overlay asks for JSON. */
export async function specSamples(fetcher: typeof fetch = fetch): Promise<EventObject[]> {
  try {
    const response = await fetcher(SAMPLES_URL, { headers: { accept: 'application/json' } });
    if (!response.ok) return [];
    const { events } = (await response.json()) as { events?: unknown };
    return Array.isArray(events)
      ? events.filter((event): event is EventObject => typeof (event as EventObject | null)?.type === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * Alt+Shift+I (Option+Shift+I on a Mac): no browser binds it. Matched by key position, and only
 * from the person's keyboard: a page's script can dispatch a keydown too (`isTrusted` false), and
 * must not be able to open the inspector (which shows the machine's context) by itself.
 */
export const isInspectorShortcut = (event: KeyboardEvent) =>
  event.isTrusted && event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI';

export async function startDevTools(): Promise<DevTools> {
  // Read before the router starts: it canonicalises the URL and drops search params it does not own.
  const openAtStart = new URLSearchParams(window.location.search).has('inspect');
  const log = createEventLog();
  const stately = import.meta.env?.VITE_STATELY_INSPECT === '1' ? await startStately() : undefined;
  return {
    inspect(event) {
      log.inspect(event);
      stately?.next?.(event);
    },
    attach({ actor, machine, samples }) {
      let close: (() => void) | undefined;
      let opening = false;
      const toggle = async () => {
        if (close) {
          close();
          close = undefined;
          return;
        }
        if (opening) return;
        opening = true;
        const [{ mountInspector }, offered] = await Promise.all([import('./mountInspector'), samples ?? specSamples()]);
        opening = false;
        close = mountInspector({
          actor,
          machine,
          log,
          samples: offered,
          onClose: () => {
            close?.();
            close = undefined;
          },
        });
      };
      window.addEventListener('keydown', (event) => {
        if (!isInspectorShortcut(event)) return;
        event.preventDefault();
        void toggle();
      });
      if (openAtStart) void toggle();
    },
  };
}

/** Stately's inspector opens its hosted page (stately.ai) in a new window: it needs the internet. */
async function startStately(): Promise<Observer<InspectionEvent> | undefined> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
