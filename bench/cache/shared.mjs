// Paths and imports shared by the cache benchmark's driver and its measuring children.
// The benchmark runs against the built packages (packages/*/dist): run `pnpm build` first.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const root = new URL('../../', import.meta.url);
const coreRequire = createRequire(new URL('packages/core/package.json', root));

export const core = await import(new URL('packages/core/dist/index.js', root).href);
export const testing = await import(new URL('packages/testing/dist/index.js', root).href);
export const { KubeConfig } = await import(pathToFileURL(coreRequire.resolve('@kubernetes/client-node')).href);

export const ConfigMap = core.resourceType({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});
