import { mountInspector } from '../src/mountInspector';
import { actorsMachine, startActors } from './actorsMachine';

/**
 * For the Chromium test: the overlay on the actors machine, mounted in a page of the dev server
 * (imported there by URL), with a way to send its events and to close it.
 */
export function openActorsInspector() {
  const { actor, log } = startActors();
  const close = mountInspector({ actor, machine: actorsMachine, log, onClose: () => close() });
  return { send: (type: string) => actor.send({ type } as Parameters<typeof actor.send>[0]), close };
}
