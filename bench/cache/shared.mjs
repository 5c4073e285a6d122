// Paths and imports shared by the cache benchmark's driver and its measuring children.
// The benchmark runs against the built packages (packages/*/dist): run `pnpm build` first.
const root = new URL('../../', import.meta.url);

export const core = await import(new URL('packages/core/dist/index.js', root).href);
export const testing = await import(new URL('packages/testing/dist/index.js', root).href);
export const { ConfigMap } = core;
