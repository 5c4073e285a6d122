// Paths and imports shared by the cache benchmark's driver and its measuring children.
// The benchmark runs against the built packages (packages/*/dist): run `pnpm build` first.
const root = new URL('../../', import.meta.url);

const load = (path) => import(new URL(path, root).href);

/**
 * The @operant/core modules the benchmark uses: `core.client`, `core.cache` (subpaths), and
 * `core.rest`, the REST client a bare cache is built on (not public; read from its module).
 */
export const core = {
  client: await load('packages/core/dist/client/index.js'),
  cache: await load('packages/core/dist/cache/index.js'),
  rest: await load('packages/core/dist/client/rest.js'),
};
export const testing = await load('packages/testing/dist/index.js');
export const { ConfigMap } = await load('packages/core/dist/resources/kinds.js');
