import type { appMachine } from '../machines/appMachine';
import { typedRouting } from '@statechart/react';

/**
 * The one declaration that ties the product's views to its machine: links, hrefs, events and
 * selectors typed by `appMachine`. Product views import these, never the untyped ones in
 * @statechart/react (those are for code every app shares: the shell, the stock views).
 */
const routing = typedRouting<typeof appMachine>();
export const { Link, useHref, useSend, useMachineSelector } = routing;

/**
 * The actor as the views are shown it, for a view that reads the machine with @xstate/react:
 * `useSelector(useActorRef(), selector)` is held during a view transition as `useMachineSelector`
 * is (docs/routing.md). Tagged public: no view may use it yet, and knip is not to call it unused.
 * @public
 */
export const useActorRef = routing.useActorRef;
