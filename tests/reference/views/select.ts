import type { SnapshotFrom } from 'xstate';
import { useMachineSelector, useSend } from '../../../src/routing/react';
import type { ReferenceEvent, referenceMachine } from '../referenceMachine';

/** The reference views' typed selector: the reference machine's context and state values. */
export const useReferenceSelector = <T>(selector: (snapshot: SnapshotFrom<typeof referenceMachine>) => T): T =>
  useMachineSelector(selector);

/** The reference views' typed send: only the reference machine's events, with their payloads. */
export const useReferenceSend = (): ((event: ReferenceEvent) => void) => useSend();
