/**
 * Type tests: `tsc --noEmit -p .` (in `npm run lint`, so in `npm test`) checks this file and
 * fails when a guarantee of the typed routing API breaks. Each `@ts-expect-error` line must be an
 * error (tsc reports an unused directive otherwise); every other line must compile. Nothing here
 * runs: the components are never rendered.
 */
import { useSelector } from '@xstate/react';
import { assign, setup } from 'xstate';
import {
  int,
  text,
  type RouteMeta,
  type RoutedContext,
  routed,
  keepRouteTypes,
  type ContextParamsAgree,
  type RouteIdOf,
  type RoutesOf,
} from '@statechart/core';
import { Link as GenericLink } from '../../src/routing';
import { typedRouting } from '../../src/typed';
import type { referenceMachine } from '../../../../examples/reference/referenceMachine';
import { Link, useHref, useMachineSelector, useSend } from '../../../../examples/reference/routing';

export function ReferenceLinks() {
  return (
    <>
      <Link to="#home">routable, no params</Link>
      <Link to="#sectionItem" params={{ id: 3 }}>
        path param, typed by its parser (int → number)
      </Link>
      <Link to="#sectionList">search params are optional</Link>
      <Link to="#sectionList" params={{ q: 'red', page: 2 }}>
        and typed
      </Link>
      <Link to="#recordDetail" params={{ id: 3, page: 2 }}>
        an ancestor&apos;s search param holds on its descendants (a list&apos;s page on its details)
      </Link>
      <Link to="#overlayOpen" className="nav-link" aria-label="anchor props pass through">
        a parallel region&apos;s state
      </Link>

      {/* @ts-expect-error unknown id: not a state of the reference machine */}
      <Link to="#nowhere">x</Link>
      {/* @ts-expect-error a state without `route: {}` is not routable */}
      <Link to="#error">x</Link>
      {/* @ts-expect-error missing param: #sectionItem needs its :id */}
      <Link to="#sectionItem">x</Link>
      {/* @ts-expect-error wrong param type: :id is parsed by int, so a number */}
      <Link to="#sectionItem" params={{ id: '3' }}>
        x
      </Link>
      <Link
        to="#sectionItem"
        // @ts-expect-error unknown param: #sectionItem has no :slug
        params={{ id: 3, slug: 'x' }}
      >
        x
      </Link>
      {/* @ts-expect-error unknown param on a route without params */}
      <Link to="#home" params={{ id: 3 }}>
        x
      </Link>
      <Link
        to="#sectionList"
        // @ts-expect-error wrong search param type: page is an int
        params={{ page: 'two' }}
      >
        x
      </Link>
      <Link
        to="#recordDetail"
        // @ts-expect-error wrong ancestor search param type: page is an int
        params={{ id: 3, page: 'two' }}
      >
        x
      </Link>
      {/* @ts-expect-error a search param of a sibling's (the list's ?q) is not the item's */}
      <Link to="#sectionItem" params={{ id: 3, q: 'red' }}>
        x
      </Link>
    </>
  );
}

export function ReferenceHooks() {
  const send = useSend();
  send({ type: 'editor.change' });
  send({ type: 'view.failed', url: '/x', message: 'failed' });
  // @ts-expect-error unknown event
  send({ type: 'editor.publish' });
  // @ts-expect-error wrong payload: url is a string
  send({ type: 'view.failed', url: 3, message: 'failed' });
  // @ts-expect-error missing payload
  send({ type: 'view.failed' });
  // @ts-expect-error route events are sent by links (and the URL), not by views
  send({ type: 'xstate.route', to: '#home' });

  const dirty: boolean = useMachineSelector((snapshot) => snapshot.context.dirty);
  const id: number | undefined = useMachineSelector((snapshot) => snapshot.context.params.id);
  const notes: boolean = useMachineSelector((snapshot) =>
    snapshot.matches({ app: { main: { section: { item: 'notes' } } } }),
  );
  // @ts-expect-error the context has no such field
  useMachineSelector((snapshot) => snapshot.context.missing);
  // @ts-expect-error matches() takes the machine's state values only
  useMachineSelector((snapshot) => snapshot.matches({ app: { main: 'nowhere' } }));

  const item: string = useHref('#sectionItem', { id: 1 });
  const list: string = useHref('#sectionList');
  // @ts-expect-error missing param
  useHref('#sectionItem');
  // @ts-expect-error unknown id
  useHref('#nowhere');
  return [dirty, id, notes, item, list].join();
}

const { useActorRef } = typedRouting<typeof referenceMachine>();

/** @xstate/react's useSelector on the shown actor sees the machine's snapshot type; its send, the domain events. */
export function ReferenceActorRef() {
  const actor = useActorRef();
  const dirty: boolean = useSelector(actor, (snapshot) => snapshot.context.dirty);
  const notes: boolean = useSelector(actor, (snapshot) =>
    snapshot.matches({ app: { main: { section: { item: 'notes' } } } }),
  );
  // @ts-expect-error the context has no such field
  useSelector(actor, (snapshot) => snapshot.context.missing);
  actor.send({ type: 'editor.change' });
  // @ts-expect-error route events are sent by links (and the URL), not by views
  actor.send({ type: 'xstate.route', to: '#home' });
  return [dirty, notes].join();
}

/** Shared code (the shell, the stock views) keeps the untyped link: any `#id`, checked at run time. */
export function SharedView() {
  return <GenericLink to="#anything">x</GenericLink>;
}

// Params owned by ancestors are required too, each typed by its own parser; a path param with no
// parser is text.
export const nested = routed(
  keepRouteTypes(
    setup({ types: { context: {} as RoutedContext, events: {} as { type: 'noop' }, meta: {} as RouteMeta } })
      .createMachine,
  )({
    id: 'nested',
    context: { params: {} },
    initial: 'top',
    states: {
      top: { id: 'top', route: {}, meta: { path: '/' } },
      group: {
        meta: { path: 'group/:slug' },
        initial: 'page',
        states: {
          page: {
            id: 'page',
            route: {},
            meta: { path: 'page/:n', params: { n: int }, search: { sort: text } },
          },
        },
      },
      lost: { id: 'lost', route: {}, meta: { path: '*' } },
    },
  }),
);

export const nestedIds: RouteIdOf<typeof nested>[] = ['#top', '#page', '#lost'];
export const nestedRoutes: RoutesOf<typeof nested> = {
  top: { params: {}, search: {} },
  page: { params: { slug: 'a', n: 2 }, search: { sort: 'asc' } },
  lost: { params: {}, search: { '*': '/typed/url' } },
};
const nestedRouting = typedRouting<typeof nested>();
export function NestedLinks() {
  const { Link: NestedLink } = nestedRouting;
  return (
    <>
      <NestedLink to="#page" params={{ slug: 'a', n: 1 }}>
        x
      </NestedLink>
      {/* @ts-expect-error the ancestor's :slug is missing */}
      <NestedLink to="#page" params={{ n: 1 }}>
        x
      </NestedLink>
    </>
  );
}

// The context's params type (written for the machine's own guards and actions) must agree with
// what the meta parses.
export const referenceAgrees: ContextParamsAgree<typeof referenceMachine> = true;
export const disagreeing = routed(
  keepRouteTypes(
    setup({
      types: { context: {} as RoutedContext<{ id: string }>, events: {} as { type: 'noop' }, meta: {} as RouteMeta },
    }).createMachine,
  )({
    id: 'disagreeing',
    context: { params: {} },
    initial: 'item',
    states: { item: { id: 'item', route: {}, meta: { path: ':id', params: { id: int } } } },
  }),
);
// @ts-expect-error the context says id is a string, but int parses it to a number
export const disagrees: ContextParamsAgree<typeof disagreeing> = true;

// XState's own typing still holds through keepRouteTypes: context from input, inline actions
// typed by the event they handle.
export const withInput = routed(
  keepRouteTypes(
    setup({
      types: {
        context: {} as RoutedContext & { role: string; name: string },
        events: {} as { type: 'form.change'; name: string },
        input: {} as { role: string },
        meta: {} as RouteMeta,
      },
    }).createMachine,
  )({
    id: 'withInput',
    context: ({ input }) => ({ params: {}, role: input.role, name: '' }),
    initial: 'form',
    states: {
      form: {
        id: 'form',
        route: {},
        meta: { path: '/' },
        on: { 'form.change': { actions: assign({ name: ({ event }) => event.name }) } },
      },
    },
  }),
);
export function FormView() {
  const send = typedRouting<typeof withInput>().useSend();
  send({ type: 'form.change', name: 'Ada' });
  // @ts-expect-error the payload's name is a string
  send({ type: 'form.change', name: 1 });
  return null;
}
