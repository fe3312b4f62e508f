import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../machines/appMachine';
import { buildRouteTable, href, resolveUrl, routeEvent } from '@statechart/core';

const table = buildRouteTable(appMachine);

function at(url: string) {
  const actor = createActor(appMachine).start();
  for (const location of resolveUrl(table, url)) actor.send(routeEvent(location));
  return actor;
}

describe('product machine', () => {
  it('starts on the entry screen at /', () => {
    const actor = createActor(appMachine).start();
    expect(actor.getSnapshot().value).toBe('home');
    expect(href(table, actor.getSnapshot())).toBe('/');
  });

  it('lands in not-found for any other URL and keeps it', () => {
    const actor = at('/anything/else?x=1');
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(href(table, actor.getSnapshot())).toBe('/anything/else?x=1');
  });

  it('goes from not-found back home', () => {
    const actor = at('/nope');
    actor.send({ type: 'xstate.route', to: '#home' });
    expect(actor.getSnapshot().value).toBe('home');
  });

  it('shows the error state at the URL of the screen that failed, and leaves it by a route', () => {
    const actor = at('/');
    actor.send({ type: 'view.failed', url: '/', message: 'boom' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(href(table, actor.getSnapshot())).toBe('/');
    actor.send({ type: 'xstate.route', to: '#home' });
    expect(actor.getSnapshot().value).toBe('home');
  });
});
