import type { SnapshotFrom } from 'xstate';
import { useMachineSelector } from '@statechart/react';
import type { shapesMachine } from '../shapesMachine';

/** The shapes views' typed selector. */
export const useShapesSelector = <T>(selector: (snapshot: SnapshotFrom<typeof shapesMachine>) => T): T =>
  useMachineSelector(selector);
