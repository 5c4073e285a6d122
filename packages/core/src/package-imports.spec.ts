/**
 * Every package declares what it imports: each bare import of `packages/*\/src` (specs left
 * out; type-only imports and `import()` included) names one of the package's dependencies or
 * peer dependencies, and a package passes on the peers of the workspace packages it depends
 * on. The check lives in `scripts/package-imports.mjs` (also `pnpm run deps:check`).
 * @module
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  importedPackages,
  packageName,
  repoRoot,
  undeclaredImports,
  workspacePackages,
} from '../../../scripts/package-imports.mjs';

describe('the imports of each package', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A workspace in a temp folder: `files` relative to it. */
  function workspace(files: Record<string, string | object>): string {
    const root = mkdtempSync(join(tmpdir(), 'operant-package-imports-'));
    roots.push(root);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return root;
  }

  it('should read every package, with the packages each file imports', () => {
    expect(workspacePackages().map((p) => p.manifest.name)).toEqual([
      '@operant/cli',
      '@operant/core',
      '@operant/crd',
      '@operant/testing',
    ]);
    const crd = importedPackages(repoRoot, 'crd');
    expect(crd.get('packages/crd/src/validate/cel.ts')).toContain('@marcbachmann/cel-js');
    expect(crd.get('packages/crd/src/internal/class-transformer.ts')).toEqual(['class-transformer']);
    expect(importedPackages(repoRoot, 'core').get('packages/core/src/webhook/validating.ts')).toEqual(['@operant/crd']);
  });

  it('should find no undeclared import and no peer left out', () => {
    expect(undeclaredImports()).toEqual([]);
  });

  it('should name the package of a specifier, not a built-in or a relative path', () => {
    expect(packageName('@operant/crd/schema')).toBe('@operant/crd');
    expect(packageName('class-transformer/cjs/storage.js')).toBe('class-transformer');
    expect(packageName('node:fs')).toBeUndefined();
    expect(packageName('fs')).toBeUndefined();
    expect(packageName('./x.js')).toBeUndefined();
  });

  it('should report an undeclared import (type-only and import() included) and a peer not passed on', () => {
    const root = workspace({
      'packages/a/package.json': { name: 'a', peerDependencies: { p: '1' } },
      'packages/a/src/index.ts': "import 'p';\nimport { x } from 'a/sub';\nexport const y = x;",
      'packages/b/package.json': { name: 'b', dependencies: { a: '1', q: '1' } },
      'packages/b/src/index.ts': [
        "import type { T } from 'typed';",
        "import { readFileSync } from 'node:fs';",
        "import { q } from 'q';",
        "const lazy = () => import('@scope/lazy/deep');",
        "export const s = `import z from 'in-a-template'`;",
      ].join('\n'),
      'packages/b/src/index.spec.ts': "import 'jest-only';",
    });
    expect(undeclaredImports(root)).toEqual([
      'b: packages/b/src/index.ts imports @scope/lazy, which is neither a dependency nor a peer dependency',
      'b: packages/b/src/index.ts imports typed, which is neither a dependency nor a peer dependency',
      'b: depends on a, whose peer p it does not list',
    ]);
  });
});
