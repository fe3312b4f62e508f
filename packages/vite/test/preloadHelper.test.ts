// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAst } from 'vite';
import { smallPreloadHelper, unwrapEmptyPreloads } from '../src/plugins/smallPreloadHelper';

type Preload = (load: () => Promise<string>, deps?: string[]) => Promise<string>;

/** The helper's module code, as the build gets it, turned into a function to call here. */
function helper(base = '/app/'): Preload {
  const plugin = smallPreloadHelper();
  (plugin.configResolved as (config: object) => void)({ base, build: { modulePreload: { polyfill: false } } });
  const code = (plugin.load as (id: string) => string | undefined)('\0vite/preload-helper.js');
  if (!code) throw new Error('the plugin did not load the preload helper');
  return new Function(code.replace('export const __vitePreload =', 'return'))() as Preload;
}

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

describe("the small preload helper (vite.config.ts) that replaces Vite's", () => {
  beforeEach(() => document.head.replaceChildren());

  it('leaves other modules to Vite', () => {
    expect((smallPreloadHelper().load as (id: string) => unknown)('/src/main.tsx')).toBeUndefined();
  });

  it('imports a view without dependencies at once', async () => {
    const load = vi.fn(async () => 'view');
    await expect(helper()(load)).resolves.toBe('view');
    expect(links()).toEqual([]);
  });

  it("preloads a view's JS dependencies once each, under the base, alongside the import", async () => {
    const preload = helper();
    await preload(async () => 'a', ['assets/ScreenHeading.js']);
    await preload(async () => 'b', ['assets/ScreenHeading.js']);
    expect(links()).toEqual(['modulepreload /app/assets/ScreenHeading.js']);
  });

  it("waits for a view's stylesheet before importing it, so that it never shows unstyled", async () => {
    const load = vi.fn(async () => 'view');
    const done = helper()(load, ['assets/view.css']);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    const link = document.head.querySelector('link') as HTMLLinkElement;
    expect(link.rel).toBe('stylesheet');
    link.dispatchEvent(new Event('load'));
    await expect(done).resolves.toBe('view');
  });

  it('rejects when a stylesheet fails, and fetches it again on the next try', async () => {
    const preload = helper();
    const first = preload(async () => 'view', ['assets/view.css']);
    (document.head.querySelector('link') as HTMLLinkElement).dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Unable to preload CSS for /app/assets/view.css');
    expect(links()).toEqual([]);
    const second = preload(async () => 'view', ['assets/view.css']);
    (document.head.querySelector('link') as HTMLLinkElement).dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe('view');
  });
});

describe("Vite's preload wrapper, left out where it would preload nothing (unwrapEmptyPreloads)", () => {
  const wrap = (factory: string) => `__vitePreload(() => ${factory}, __VITE_PRELOAD__)`;
  const chunks = {
    'assets/view.js': { imports: ['assets/index.js'], moduleIds: ['/app/views/view.tsx'] },
    'assets/shared.js': { imports: [], moduleIds: ['/app/shared.ts'] },
    'assets/withShared.js': { imports: ['assets/index.js', 'assets/shared.js'], moduleIds: ['/app/other.tsx'] },
    'assets/styled.js': { imports: ['assets/index.js'], moduleIds: ['/app/styled.tsx', '/app/styled.css'] },
  };
  const unwrap = (code: string) =>
    unwrapEmptyPreloads(code, parseAst(code), 'assets/index.js', chunks)?.toString() ?? code;

  it('imports a chunk that needs only the chunk asking for it as a plain import()', () => {
    expect(unwrap(`const load = () => ${wrap('import("./view.js")')};`)).toBe(
      'const load = () => import("./view.js");',
    );
    expect(unwrap(`f(${wrap('import("./view.js").then((m) => m.View)')});`)).toBe(
      'f(import("./view.js").then((m) => m.View));',
    );
  });

  it('keeps the wrapper for a chunk with another chunk or CSS to preload, or an unknown one', () => {
    for (const file of ['withShared', 'styled', 'missing']) {
      const code = `const load = () => ${wrap(`import("./${file}.js")`)};`;
      expect(unwrap(code)).toBe(code);
    }
  });

  it("leaves every wrapper to Vite when the config resolves a lazy import's dependencies itself", () => {
    type Hook = (this: { parse: typeof parseAst }, ...args: unknown[]) => unknown;
    const plugin = smallPreloadHelper();
    const configure = plugin.configResolved as (config: object) => void;
    const render = (plugin.renderChunk as Hook).bind({ parse: parseAst });
    const code = `const load = () => ${wrap('import("./view.js")')};`;
    const chunk = { fileName: 'assets/index.js' };
    configure({ base: '/', build: { modulePreload: { resolveDependencies: () => [] } } });
    expect(render(code, chunk, {}, { chunks })).toBeNull();
    configure({ base: '/', build: { modulePreload: { polyfill: false } } });
    expect(render(code, chunk, {}, { chunks })).toMatchObject({ code: 'const load = () => import("./view.js");' });
  });

  it('keeps nested wrappers as Vite wrote them (it pairs imports and markers by nesting)', () => {
    const code = `f(${wrap(`import("./withShared.js").then(() => ${wrap('import("./view.js")')})`)});`;
    expect(unwrap(code)).toBe(code);
  });
});
