import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { SAMPLES_PATH, eventsOf, specSamples } from '../src/plugins/samples';

/**
 * The dev server answers the path spec's sample events (with a payload) for the inspector: the
 * spec loaded in Node through Vite's module graph, nothing of it in the browser's bundle.
 */
let root: string;
const servers: ViteDevServer[] = [];
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'spec-samples-'));
  mkdirSync(join(root, 'tests/paths'), { recursive: true });
  writeFileSync(
    join(root, 'tests/paths/productPaths.ts'),
    [
      "const field: string = 'name';",
      'export const productSpec = {',
      "  name: 'product',",
      "  events: [{ type: 'call.retry' }, { type: 'newProject.change', field, value: 'Nova' }],",
      '};',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(root, { recursive: true, force: true });
});

async function samplesOf(spec?: string | false): Promise<unknown> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [specSamples(spec)],
    server: { port: 0, host: '127.0.0.1', hmr: false },
  });
  servers.push(server);
  await server.listen();
  const response = await fetch(new URL(SAMPLES_PATH, server.resolvedUrls?.local[0]));
  expect(response.headers.get('content-type')).toBe('application/json');
  return response.json();
}

describe("the path spec's samples for the inspector (npm start)", () => {
  it('answers the events of the default spec that carry a payload', async () => {
    expect(await samplesOf()).toEqual({ events: [{ type: 'newProject.change', field: 'name', value: 'Nova' }] });
  });

  it('answers none, with the reason, when there is no spec there or none is wanted', async () => {
    expect(await samplesOf('tests/nowhere.ts')).toMatchObject({
      events: [],
      reason: expect.stringContaining('no path spec'),
    });
    expect(await samplesOf(false)).toMatchObject({ events: [] });
  });

  it('takes the first export that has events, and only events with a type', () => {
    expect(eventsOf({ other: 1, spec: { events: [{ type: 'a', x: 1 }, { x: 2 }, null] } })).toEqual([
      { type: 'a', x: 1 },
    ]);
    expect(eventsOf({})).toEqual([]);
  });
});
