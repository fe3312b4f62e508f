import { typedRouting } from '@statechart/react';
import type { referenceMachine } from './referenceMachine';

/** The reference app's one declaration: its views' links, events and selectors, typed by its machine. */
export const { Link, useHref, useSend, useMachineSelector } = typedRouting<typeof referenceMachine>();
