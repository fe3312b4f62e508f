import { encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { BUNDLER_GLUE, BUNDLER_RUNTIME, gzipByOwner, packageOf } from '../../bench/packages';
import { gzipSize } from '../bundle-budget';

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, value) => sum + value, 0);

describe('initial JS by package (bench/packages.ts): every chunk the build writes', () => {
  it('shares a mapped chunk among the packages its source map names, by minified bytes', () => {
    const code = 'aaaaaaaaaabbbbbbbbbbbbbbbbbbbb';
    const sources = ['/repo/node_modules/xstate/dist/index.js', '/repo/src/routing/url.ts'];
    const sizes = gzipByOwner({
      fileName: 'assets/index-x.js',
      code,
      map: {
        mappings: encode([
          [
            [0, 0, 0, 0],
            [10, 1, 0, 0],
          ],
        ]),
        sources,
      },
    });
    expect([...sizes.keys()]).toEqual(['xstate', 'src/routing/']);
    expect(sizes.get('src/routing/')).toBeCloseTo(2 * (sizes.get('xstate') ?? 0), 5);
    expect(total(sizes)).toBeCloseTo(gzipSize(code), 5);
  });

  it("gives rolldown's runtime chunk, which has no source map, to the bundler instead of crashing", () => {
    const code = 'var __defProp=Object.defineProperty;export{__defProp as t};';
    const sizes = gzipByOwner({ fileName: 'assets/rolldown-runtime-Dx3k.js', code, map: null });
    expect([...sizes]).toEqual([[BUNDLER_RUNTIME, gzipSize(code)]]);
  });

  it('counts a chunk whose map has no mapped bytes as bundler glue, and unmapped segments too', () => {
    const code = 'export{};';
    expect([...gzipByOwner({ fileName: 'assets/x.js', code, map: { mappings: '', sources: [] } })]).toEqual([
      [BUNDLER_GLUE, gzipSize(code)],
    ]);
    const glued = gzipByOwner({
      fileName: 'assets/y.js',
      code: 'abcdef',
      map: { mappings: encode([[[0]]]), sources: [] },
    });
    expect([...glued.keys()]).toEqual([BUNDLER_GLUE]);
  });

  it('names npm packages, our folders and the preload helper', () => {
    expect(packageOf('/r/node_modules/@xstate/react/dist/x.js')).toBe('@xstate/react');
    expect(packageOf('/r/src/shell/Shell.tsx')).toBe('src/shell/');
    expect(packageOf('/r/machines/routed.ts')).toBe('machines/');
    expect(packageOf('/r/packages/core/dist/moves.js')).toBe('@statechart/core');
    expect(packageOf('../../../packages/react/src/routing.tsx')).toBe('@statechart/react');
    expect(packageOf('\0vite/preload-helper.js')).toBe('vite runtime (preload helper)');
  });
});
