import { describe, expect, it } from 'vitest';
import { bareSpecifiers, importSpecifiers, packageName } from '../imports';

describe('the import reader both workspace checks use', () => {
  it('reads statements at a line start, multi-line lists, side effects and dynamic imports, not text', () => {
    const source = [
      "import { a } from 'one';",
      "import type { B } from '@scope/two/entry';",
      "export { c } from './three';",
      'import {',
      '  d,',
      "} from 'four';",
      "import 'five/styles.css';",
      "const lazy = () => import('six');",
      'const text = "import { x } from \'not-an-import\'";',
      "// import { y } from 'nor-this';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['one', '@scope/two/entry', './three', 'five/styles.css', 'four', 'six']);
    expect(bareSpecifiers(source).map(packageName)).toEqual(['one', '@scope/two', 'five', 'four', 'six']);
  });
});
