/**
 * The dependency versions a generated project pins: the versions Operant itself is built
 * and tested with (a unit spec keeps them equal to the monorepo's), and `^<version>` of the
 * `@operant/*` packages this CLI belongs to.
 * @module
 */
import { createRequire } from 'node:module';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The `@operant/*` packages a generated project depends on. */
export const operantPackages = ['core', 'crd', 'testing', 'cli'] as const;
export type OperantPackage = (typeof operantPackages)[number];

export const operantVersion = `^${version}`;

export const dependencyVersions = {
  '@kubernetes/client-node': '2.0.1',
  'class-transformer': '0.5.1',
  'class-validator': '0.15.1',
  'reflect-metadata': '0.2.2',
};

export const devDependencyVersions = {
  '@biomejs/biome': '2.6.9',
  '@jest/globals': '30.5.2',
  '@swc/core': '1.16.22',
  '@swc/jest': '0.2.39',
  '@types/node': '24.19.4',
  jest: '30.5.2',
  typescript: '5.9.3',
};
