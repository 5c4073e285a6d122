/**
 * No import circles: among the source files of every package (`packages/*\/src`, specs left
 * out), no file reaches itself through relative imports — type-only imports, re-exports and
 * `import()` included. A circle fails with its files named in import order. The check lives
 * in `scripts/import-circles.mjs` (also `pnpm run circles:check`).
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import { circles, importGraph, sourceFiles } from '../../../scripts/import-circles.mjs';

describe('the import graph of packages/*/src', () => {
  it('should read every package, with the imports of each file', () => {
    const graph = importGraph(sourceFiles());
    expect(graph.get('packages/core/src/manager/leader-election.ts')).toContain(
      'packages/core/src/leaderelection/lease-elector.ts',
    );
    expect(graph.get('packages/testing/src/fake/fake-client.ts')).toContain('packages/testing/src/fake/writes.ts');
    expect(graph.get('packages/cli/src/main.ts')?.length).toBeGreaterThan(0);
    expect(graph.has('packages/crd/src/index.ts')).toBe(true);
    expect(graph.has('packages/core/src/no-import-circles.spec.ts')).toBe(false);
  });

  it('should have no import circle', () => {
    expect(circles(importGraph(sourceFiles()))).toEqual([]);
  });

  it('should name a circle closed by a type-only import, a re-export or an import()', () => {
    const files = new Map([
      ['p/src/a.ts', "import { b } from './b.js';\nexport const a = b;"],
      ['p/src/b.ts', "import type { C } from './dir';\nexport const b = 1;"],
      ['p/src/dir/index.ts', "export type { A } from '../a.js';\nexport type C = number;"],
      ['p/src/lazy.ts', "export const later = () => import('./eager.js');"],
      ['p/src/eager.ts', "import { later } from './lazy.js';\nexport const x = later;"],
      ['p/src/self.ts', "import './self.js';"],
      ['p/src/leaf.ts', "import { a } from './a.js';\nimport { thing } from 'some-package';"],
    ]);
    expect(circles(importGraph(files))).toEqual([
      'p/src/a.ts -> p/src/b.ts -> p/src/dir/index.ts -> p/src/a.ts',
      'p/src/eager.ts -> p/src/lazy.ts -> p/src/eager.ts',
      'p/src/self.ts -> p/src/self.ts',
    ]);
  });

  it('should name every file of a circle that one loop does not pass through', () => {
    const files = new Map([
      ['p/src/registry.ts', "import { x } from './builtins.js';\nimport { y } from './adapter.js';"],
      ['p/src/builtins.ts', "import type { R } from './registry.js';"],
      ['p/src/adapter.ts', "import type { R } from './registry.js';"],
    ]);
    expect(circles(importGraph(files))).toEqual([
      'p/src/adapter.ts -> p/src/registry.ts -> p/src/adapter.ts (tied in the same circle: p/src/builtins.ts)',
    ]);
  });
});
