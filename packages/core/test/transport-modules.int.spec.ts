/**
 * Which HTTP client a process loads to talk to the real API server: a fresh node process
 * (the built `dist/`, as users load it) sends one request through `RestClient` and prints
 * the CommonJS modules it loaded (undici is loaded with `createRequire`, so its files are
 * keys of `require.cache`). On HTTP/2, the default, none of undici's; with
 * `DISABLE_HTTP2=1`, undici's dispatchers carry the request.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';

const dist = new URL('../dist/', import.meta.url);

const script = `import { createRequire } from 'node:module';
const { KubeConfig } = await import(${JSON.stringify(new URL('client/kubeconfig.js', dist).href)});
const { RestClient } = await import(${JSON.stringify(new URL('client/rest.js', dist).href)});
const kc = new KubeConfig();
kc.loadFromFile(process.env.OPERANT_KUBECONFIG);
const res = await new RestClient(kc).send({ method: 'GET', path: '/api/v1/namespaces/default' });
const text = await res.text();
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ status: res.status, name: JSON.parse(text).metadata.name, undici: loaded.filter((m) => m.includes('/undici/')).length }));`;

describeWithControlPlane('the HTTP client a process loads', () => {
  let dir: string;
  let kubeconfig: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'operant-transport-modules-'));
    kubeconfig = join(dir, 'kubeconfig.json');
    writeFileSync(kubeconfig, sharedKubeConfig().exportConfig());
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function requestIn(env: Record<string, string>): Promise<{ status: number; name: string; undici: number }> {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, DISABLE_HTTP2: '', ...env, OPERANT_KUBECONFIG: kubeconfig },
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { status: number; name: string; undici: number };
  }

  it('loads none of undici on HTTP/2', async () => {
    expect(await requestIn({})).toEqual({ status: 200, name: 'default', undici: 0 });
  });

  it('loads undici with DISABLE_HTTP2=1', async () => {
    const child = await requestIn({ DISABLE_HTTP2: '1' });
    expect(child).toMatchObject({ status: 200, name: 'default' });
    expect(child.undici).toBeGreaterThan(10);
  });
});
