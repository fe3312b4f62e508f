import type { SnapshotFrom } from 'xstate';
import { useMachineSelector } from '../../../src/routing/react';
import type { referenceMachine } from '../referenceMachine';

/** The reference views' typed selector: the reference machine's context and state values. */
export const useReferenceSelector = <T>(selector: (snapshot: SnapshotFrom<typeof referenceMachine>) => T): T =>
  useMachineSelector(selector);
