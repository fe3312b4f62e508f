import { describe, expect, it } from 'vitest';
import { nonAsciiInInitialJs, type Build } from '../../../scripts/bundle-budget';

const build = (code: string, initial = true): Build => ({
  initialJs: 0,
  initialFiles: initial ? ['assets/index.js'] : [],
  chunks: [{ fileName: 'assets/index.js', modules: [], isEntry: true, isDynamicEntry: false, code }],
});

describe('initial JS written in ASCII (scripts/bundle-budget.ts, npm run budget)', () => {
  it('names an initial chunk with one character outside ASCII, and where it is', () => {
    const [problem] = nonAsciiInInitialJs(build('e.replace(/[\\ud800-\\udfff]/g,`\ufffd`)'));
    expect(problem).toContain('assets/index.js has a non-ASCII character');
    expect(problem).toContain('\ufffd');
  });

  it('accepts escapes, and a lazy chunk with any characters', () => {
    expect(nonAsciiInInitialJs(build('e.replace(/[\\ud800-\\udfff]/g,"\\ufffd")'))).toEqual([]);
    expect(nonAsciiInInitialJs(build('"\ufffd"', false))).toEqual([]);
  });
});
