import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneStale } from '../build-packages';

const scratch = mkdtempSync(join(tmpdir(), 'build-packages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string) {
  mkdirSync(dirname(join(scratch, file)), { recursive: true });
  writeFileSync(join(scratch, file), '');
}

describe('npm run build:packages', () => {
  it('removes what it no longer writes: dist/ files whose source is gone, and the folders they leave empty', () => {
    for (const file of ['src/kept.ts', 'src/view.tsx', 'src/style.css', 'src/deep/inner.ts']) write(file);
    const built = ['kept.js', 'kept.js.map', 'kept.d.ts', 'kept.d.ts.map', 'view.js', 'view.d.ts', 'style.css'];
    const stale = ['url.js', 'url.js.map', 'url.d.ts', 'url.d.ts.map', 'old.css', 'gone/x.js'];
    for (const file of [...built, ...stale, 'deep/inner.js', 'tsconfig.build.tsbuildinfo']) write(`dist/${file}`);

    const removed = pruneStale(scratch).map((path) => path.slice(path.indexOf('dist/') + 'dist/'.length));

    expect(removed.sort()).toEqual([...stale].sort());
    for (const file of [...built, 'deep/inner.js', 'tsconfig.build.tsbuildinfo'])
      expect(existsSync(join(scratch, 'dist', file)), `dist/${file} should be kept`).toBe(true);
    expect(existsSync(join(scratch, 'dist/gone')), 'the emptied folder dist/gone should be removed').toBe(false);
  });
});
