/**
 * jest `globalTeardown`: stops the control plane of `global-setup`.
 * @module
 */
export default async function globalTeardown(): Promise<void> {
  const env = globalThis.__operantEnvtest;
  globalThis.__operantEnvtest = undefined;
  await env?.stop();
}
