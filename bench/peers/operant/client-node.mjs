/**
 * The `@kubernetes/client-node` that `@operant/core` depends on (resolved from its package),
 * for the experiment in builder.mjs.
 * @module
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const coreRequire = createRequire(new URL('../../../packages/core/package.json', import.meta.url));
export const { KubeConfig } = await import(pathToFileURL(coreRequire.resolve('@kubernetes/client-node')).href);
