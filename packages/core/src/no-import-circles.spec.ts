/**
 * No import circles: among the source files of every package (`packages/*\/src`, specs left
 * out), no file reaches itself through relative imports — type-only imports, re-exports and
 * `import()` included. A circle fails with its files named in import order. No circles between
 * folders either (the first directory under a package's `src/`; a file directly in `src/` is
 * its own node): a folder circle fails with the file imports behind each of its arrows. The
 * checks live in `scripts/import-circles.mjs` (also `pnpm run circles:check`).
 * @module
 */
import { describe, expect, it } from '@jest/globals';
import { circles, folderCircles, folderOf, importGraph, sourceFiles } from '../../../scripts/import-circles.mjs';

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

  it('should have no import circle between folders', () => {
    expect(folderCircles(importGraph(sourceFiles()))).toEqual([]);
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

describe('the folder graph of packages/*/src', () => {
  it('should name a file by its first folder under src/, or by itself directly in src/', () => {
    expect(folderOf('packages/crd/src/schema/object-schema.ts')).toBe('packages/crd/src/schema/');
    expect(folderOf('packages/cli/src/init/templates/readme.ts')).toBe('packages/cli/src/init/');
    expect(folderOf('packages/crd/src/index.ts')).toBe('packages/crd/src/index.ts');
    expect(folderOf('scripts/x.mjs')).toBe('scripts/x.mjs');
  });

  it('should name a folder circle with the file imports behind each of its arrows', () => {
    const files = new Map([
      ['packages/p/src/low/types.ts', "import type { Shape } from '../high/shape.js';\nexport type T = Shape;"],
      ['packages/p/src/high/shape.ts', 'export type Shape = { size: number };'],
      ['packages/p/src/low/index.ts', "export { build } from '../mid/build.js';\nexport type { T } from './types.js';"],
      ['packages/p/src/mid/build.ts', "import type { T } from '../low/types.js';\nexport const build = (t: T) => t;"],
      ['packages/p/src/high/entry.ts', "import { build } from '../mid/build.js';\nexport type Entry = typeof build;"],
      ['packages/p/src/index.ts', "export * from './low/index.js';\nexport * from './high/entry.js';"],
      ['packages/p/src/other/a.ts', "import { b } from '../other/deep/b.js';\nexport const a = b;"],
      ['packages/p/src/other/deep/b.ts', "import { a } from '../a.js';\nexport const b = a;"],
    ]);
    const graph = importGraph(files);
    expect(circles(graph)).toEqual([
      'packages/p/src/other/a.ts -> packages/p/src/other/deep/b.ts -> packages/p/src/other/a.ts',
    ]);
    expect(folderCircles(graph)).toEqual([
      [
        'packages/p/src/high/ -> packages/p/src/mid/ -> packages/p/src/low/ -> packages/p/src/high/',
        '  packages/p/src/high/ -> packages/p/src/mid/: high/entry.ts -> mid/build.ts',
        '  packages/p/src/low/ -> packages/p/src/high/: low/types.ts -> high/shape.ts',
        '  packages/p/src/low/ -> packages/p/src/mid/: low/index.ts -> mid/build.ts',
        '  packages/p/src/mid/ -> packages/p/src/low/: mid/build.ts -> low/types.ts',
      ].join('\n'),
    ]);
  });

  it('should find no folder circle once every arrow between folders runs one way', () => {
    const files = new Map([
      ['packages/p/src/low/types.ts', 'export type T = number;'],
      ['packages/p/src/mid/build.ts', "import type { T } from '../low/types.js';\nexport const build = (t: T) => t;"],
      [
        'packages/p/src/high/entry.ts',
        "import { build } from '../mid/build.js';\nimport type { T } from '../low/types.js';",
      ],
      ['packages/p/src/index.ts', "export * from './high/entry.js';\nexport * from './low/types.js';"],
      ['packages/p/src/low/index.ts', "import '../index.js';"],
    ]);
    expect(folderCircles(importGraph(files))).toEqual([
      [
        'packages/p/src/high/ -> packages/p/src/low/ -> packages/p/src/index.ts -> packages/p/src/high/ (tied in the same circle: packages/p/src/mid/)',
        '  packages/p/src/high/ -> packages/p/src/low/: high/entry.ts -> low/types.ts',
        '  packages/p/src/high/ -> packages/p/src/mid/: high/entry.ts -> mid/build.ts',
        '  packages/p/src/index.ts -> packages/p/src/high/: index.ts -> high/entry.ts',
        '  packages/p/src/index.ts -> packages/p/src/low/: index.ts -> low/types.ts',
        '  packages/p/src/low/ -> packages/p/src/index.ts: low/index.ts -> index.ts',
        '  packages/p/src/mid/ -> packages/p/src/low/: mid/build.ts -> low/types.ts',
      ].join('\n'),
    ]);
    files.delete('packages/p/src/low/index.ts');
    expect(folderCircles(importGraph(files))).toEqual([]);
  });
});
