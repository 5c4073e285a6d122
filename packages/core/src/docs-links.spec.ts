/**
 * The docs stay navigable: `docs/README.md` links every page of docs/, and no relative link
 * of the Markdown a reader meets names a missing file. The check lives in
 * `scripts/docs-links.mjs` (also part of `pnpm run docs:check`).
 * @module
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { checkLinks, relativeLinks } from '../../../scripts/docs-links.mjs';

describe('the docs links', () => {
  it('are whole in this repository: every page indexed, every relative link a file', () => {
    expect(checkLinks()).toMatchObject({ unlinked: [], broken: [] });
  });

  it('reads relative links, not web links, anchors or links inside code', () => {
    const page = '[a](a.md#x) [b](../b/c.ts "t") [w](https://x.io/y.md) [s](#same) `[c](code.md)`\n```\n[d](d.md)\n```';
    expect(relativeLinks(page)).toEqual(['a.md', '../b/c.ts']);
  });

  it('reports a page the index misses and a link to a missing file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'docs-links-'));
    try {
      await mkdir(join(root, 'docs'));
      await mkdir(join(root, 'examples'));
      await writeFile(join(root, 'README.md'), '[docs](docs/README.md) [gone](docs/gone.md)\n');
      await writeFile(join(root, 'docs/README.md'), '[one](one.md)\n');
      await writeFile(join(root, 'docs/one.md'), '[two](two.md)\n');
      await writeFile(join(root, 'docs/two.md'), '# two\n');
      expect(checkLinks(root)).toMatchObject({ unlinked: ['docs/two.md'], broken: ['README.md: docs/gone.md'] });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
