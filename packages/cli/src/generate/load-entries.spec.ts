// A folder entry (a scaffolded project's `src/api`, `src/controllers`) stands for the
// modules below it: TypeScript and JavaScript, sorted, without specs and declarations.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { modulesOf } from './load-entries.js';

describe('modulesOf', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'load-entries-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the modules of a folder and its subfolders, and leaves a file entry alone', async () => {
    await mkdir(join(dir, 'v1'));
    await mkdir(join(dir, 'v2'));
    for (const file of ['v1/index.ts', 'v1/widget.types.ts', 'v1/widget.spec.ts', 'v2/index.mts', 'v2/gen.d.ts']) {
      await writeFile(join(dir, file), '');
    }
    await writeFile(join(dir, 'README.md'), '');
    expect(modulesOf(dir)).toEqual([
      join(dir, 'v1/index.ts'),
      join(dir, 'v1/widget.types.ts'),
      join(dir, 'v2/index.mts'),
    ]);
    expect(modulesOf(join(dir, 'v1/index.ts'))).toEqual([join(dir, 'v1/index.ts')]);
    expect(modulesOf(join(dir, 'missing.ts'))).toEqual([join(dir, 'missing.ts')]);
  });
});
