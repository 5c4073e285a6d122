/**
 * `docs/go-typescript-mapping.md` stays complete: every public name of every package entry
 * point (`@operant/core` and its subpaths, `@operant/crd`, `@operant/cli`, `@operant/testing`
 * and its subpaths) has a row, and every Operant name in the tables is really exported.
 * The check itself lives in `scripts/docs-check.mjs` (also `pnpm run docs:check`).
 * @module
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type ts from 'typescript';
import { compareMapping, mappingFile, mappingNames, nameOf, publicNames } from '../../../scripts/docs-check.mjs';

describe('the Go ↔ TypeScript mapping table', () => {
  let exported: Map<string, Map<string, ts.Symbol>>;
  let markdown: string;
  beforeAll(() => {
    exported = publicNames();
    markdown = readFileSync(mappingFile, 'utf8');
  });

  it('should read the public names of every entry point, subpaths and namespaces included', () => {
    expect([...exported.keys()]).toEqual(
      expect.arrayContaining([
        '@operant/core',
        '@operant/core/builder',
        '@operant/core/kinds',
        '@operant/crd',
        '@operant/cli',
        '@operant/testing',
        '@operant/testing/jest',
      ]),
    );
    const core = exported.get('@operant/core');
    expect(exported.get('@operant/core/builder')?.has('controllerManagedBy')).toBe(true);
    expect(core?.has('predicate.generationChanged')).toBe(true);
    expect(exported.get('@operant/crd')?.has('CustomResource')).toBe(true);
  });

  it('should list every public name, and only exported ones', () => {
    const { missing, unknown } = compareMapping(exported, mappingNames(markdown));
    expect(missing).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('should report a public name whose row is removed', () => {
    const withoutRow = markdown
      .split('\n')
      .filter((line) => !line.includes('`controllerManagedBy('))
      .join('\n');
    expect(compareMapping(exported, mappingNames(withoutRow)).missing).toContain(
      '@operant/core/builder: controllerManagedBy',
    );
  });

  it('should report a table name that nothing exports, unless its row says it is not built yet', () => {
    const section = '## `@operant/core`\n\n| Go | Operant | Notes |\n| --- | --- | --- |\n';
    const stray = mappingNames(`${section}| \`Foo\` | \`noSuchExport()\` | |\n| \`Bar\` | not yet: \`Later\` | |\n`);
    const { unknown } = compareMapping(new Map([['@operant/core', new Map()]]), stray);
    expect(unknown).toEqual(['@operant/core: noSuchExport']);
  });

  it('should count the spellings of one declaration in one package as one name', () => {
    const core = exported.get('@operant/core') as Map<string, ts.Symbol>;
    const ignoreNotFound = core.get('ignoreNotFound') as ts.Symbol;
    expect(ignoreNotFound).toBeDefined();
    expect(core.get('controllerutil.jsonEqual')).toBeDefined();
    // one declaration exported at the root and by a subpath, listed once in the subpath's
    // section: the root's spelling counts as listed
    const rows = '## `@operant/core`\n\n## `@operant/core/client`\n\n| Go | Operant | Notes |\n| --- | --- | --- |\n';
    const tables = mappingNames(`${rows}| \`client.IgnoreNotFound\` | \`ignoreNotFound\` | |\n`);
    const subset = new Map([
      ['@operant/core', new Map([['ignoreNotFound', ignoreNotFound]])],
      ['@operant/core/client', new Map([['ignoreNotFound', ignoreNotFound]])],
    ]);
    expect(compareMapping(subset, tables)).toEqual({ missing: [], unknown: [] });
    expect(nameOf('@Controller({ for, owns })')).toBe('Controller');
    expect(nameOf('cache.Cache')).toBe('cache.Cache');
    expect(nameOf('--leader-elect')).toBeUndefined();
  });
});
