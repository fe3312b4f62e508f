import type { appMachine } from '../machines/appMachine';
import { typedRouting } from '@statechart/react';

/**
 * The one declaration that ties the product's views to its machine: links, hrefs, events and
 * selectors typed by `appMachine`. Product views import these, never the untyped ones in
 * @statechart/react (those are for code every app shares: the shell, the stock views).
 */
export const { Link, useHref, useSend, useMachineSelector } = typedRouting<typeof appMachine>();
