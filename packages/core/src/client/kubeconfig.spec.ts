import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { KubeConfig } from './kubeconfig.js';
import { Credentials } from './transport/credentials.js';

const config = (user: string) => `
apiVersion: v1
kind: Config
clusters:
- name: c1
  cluster:
    server: https://example.test:6443
    certificate-authority: ca.crt
    tls-server-name: api.internal
- name: c2
  cluster: { server: https://other.test, insecure-skip-tls-verify: true }
users:
- name: u1
  user:
${user}
contexts:
- name: one
  context: { cluster: c1, user: u1, namespace: team }
- name: two
  context: { cluster: c2, user: u1 }
current-context: one
`;

describe('KubeConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'operant-kubeconfig-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads clusters, users and contexts, with paths relative to the file', () => {
    const path = join(dir, 'config');
    writeFileSync(path, config('    client-certificate: tls.crt\n    client-key: /abs/tls.key\n    as: someone'));
    const kc = new KubeConfig();
    kc.loadFromFile(path);
    expect(kc.getCurrentCluster()).toMatchObject({
      name: 'c1',
      server: 'https://example.test:6443',
      caFile: join(dir, 'ca.crt'),
      tlsServerName: 'api.internal',
      skipTLSVerify: false,
    });
    expect(kc.getCurrentUser()).toMatchObject({
      certFile: join(dir, 'tls.crt'),
      keyFile: '/abs/tls.key',
      impersonateUser: 'someone',
    });
    expect(kc.getContextObject('one')?.namespace).toBe('team');
    kc.setCurrentContext('two');
    expect(kc.getCurrentCluster()).toMatchObject({ server: 'https://other.test', skipTLSVerify: true });
  });

  it('reads an in-cluster service account', () => {
    writeFileSync(join(dir, 'token'), 'sa-token');
    writeFileSync(join(dir, 'namespace'), 'ops\n');
    const saved = { host: process.env.KUBERNETES_SERVICE_HOST, port: process.env.KUBERNETES_SERVICE_PORT };
    process.env.KUBERNETES_SERVICE_HOST = '10.0.0.1';
    process.env.KUBERNETES_SERVICE_PORT = '443';
    try {
      const kc = new KubeConfig();
      kc.loadFromCluster(dir);
      expect(kc.getCurrentCluster()).toMatchObject({ server: 'https://10.0.0.1:443', caFile: join(dir, 'ca.crt') });
      expect(kc.getCurrentUser()?.tokenFile).toBe(join(dir, 'token'));
      expect(kc.getContextObject(kc.getCurrentContext())?.namespace).toBe('ops');
    } finally {
      process.env.KUBERNETES_SERVICE_HOST = saved.host;
      process.env.KUBERNETES_SERVICE_PORT = saved.port;
    }
  });

  it('runs an exec plugin once and reuses its credential until it expires', async () => {
    writeFileSync(join(dir, 'ca.crt'), 'a CA');
    const counter = join(dir, 'runs');
    writeFileSync(counter, '');
    const plugin = join(dir, 'plugin.mjs');
    writeFileSync(
      plugin,
      `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(counter)}, 'x');
const info = JSON.parse(process.env.KUBERNETES_EXEC_INFO);
const expires = new Date(Date.now() + Number(process.env.LIFETIME_MS)).toISOString();
console.log(JSON.stringify({ apiVersion: info.apiVersion, kind: 'ExecCredential', status: { token: 'tok-' + process.env.LIFETIME_MS, expirationTimestamp: expires } }));
`,
    );
    const run = async (lifetimeMs: number, requests: number) => {
      writeFileSync(counter, '');
      const path = join(dir, `config-${lifetimeMs}`);
      writeFileSync(
        path,
        config(
          [
            '    exec:',
            '      apiVersion: client.authentication.k8s.io/v1beta1',
            `      command: ${process.execPath}`,
            `      args: [${JSON.stringify(plugin)}]`,
            `      env: [{ name: LIFETIME_MS, value: "${lifetimeMs}" }]`,
          ].join('\n'),
        ),
      );
      const kc = new KubeConfig();
      kc.loadFromFile(path);
      const credentials = new Credentials(kc.getCurrentCluster() ?? fail(), kc.getCurrentUser(), kc);
      const headers = [];
      for (let i = 0; i < requests; i++) headers.push((await credentials.forRequest()).headers.authorization);
      // concurrent requests share one run
      await Promise.all([credentials.forRequest(), credentials.forRequest()]);
      return { headers, runs: readFileSync(counter, 'utf8').length };
    };
    const lasting = await run(3_600_000, 5);
    expect(lasting.headers).toEqual(Array(5).fill('Bearer tok-3600000'));
    expect(lasting.runs).toBe(1);
    // already expired when it arrives: every request runs the plugin again
    const expired = await run(-1000, 3);
    expect(expired.runs).toBe(4);
  });
});

function fail(): never {
  throw new Error('no current cluster');
}
