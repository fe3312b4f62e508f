// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { smallPreloadHelper } from '../src/plugin';

type Preload = (load: () => Promise<string>, deps?: string[]) => Promise<string>;

/** The helper's module code, as the build gets it, turned into a function to call here. */
function helper(base = '/app/'): Preload {
  const plugin = smallPreloadHelper();
  (plugin.configResolved as (config: { base: string }) => void)({ base });
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
