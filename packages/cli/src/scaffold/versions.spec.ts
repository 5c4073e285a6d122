// A generated project pins the versions Operant itself is built and tested with: these are
// read from the monorepo's package.json files, so a bump there fails here until the
// scaffold follows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { dependencyVersions, devDependencyVersions, operantVersion } from './versions.js';

const manifest = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

describe('scaffold versions', () => {
  it('match the versions of the monorepo', () => {
    const root = manifest('package.json');
    const all = Object.assign(
      {},
      ...['packages/core', 'packages/crd', 'packages/cli', 'packages/testing']
        .map((p) => manifest(`${p}/package.json`))
        .flatMap((m) => [m.devDependencies, m.dependencies]),
    ) as Record<string, string>;
    for (const [name, version] of Object.entries(devDependencyVersions)) {
      expect(`${name}@${root.devDependencies?.[name]}`).toBe(`${name}@${version}`);
    }
    for (const [name, version] of Object.entries(dependencyVersions)) {
      expect(`${name}@${all[name]}`).toBe(`${name}@${version}`);
    }
    expect(operantVersion).toBe(`^${manifest('packages/core/package.json').version}`);
  });
});
