/**
 * The wire against the real API server: requests share the process's connection (counted
 * from Node's `net.client.socket` diagnostics channel: every TCP connect of the process),
 * a kubeconfig `tokenFile` that is rewritten (a rotated bound token) is picked up without
 * a restart, and every request is counted and timed in the `rest_client_*` metrics.
 */
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { KubeConfig as ClientNodeKubeConfig } from '@kubernetes/client-node';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { ApiClient } from '../src/client/api-client.js';
import { RestClient } from '../src/client/rest.js';
import { observeRestClient } from '../src/client/rest-metrics.js';
import { closeTransports } from '../src/client/transport/transport.js';
import { newRegistry } from '../src/metrics/registry.js';
import { newNamespace } from './fixtures/helpers.js';
import { kubeConfigFile, whoAmI } from './fixtures/wire.js';

/** Counts the TCP connects of the process while `task` runs. */
async function connectsDuring(task: () => Promise<unknown>): Promise<number> {
  let connects = 0;
  const count = () => {
    connects++;
  };
  diagnostics.subscribe('net.client.socket', count);
  try {
    await task();
  } finally {
    diagnostics.unsubscribe('net.client.socket', count);
  }
  return connects;
}

const get = (rest: RestClient) => rest.json({ method: 'GET', path: '/api/v1/namespaces/default' }, 'unable to get');

describeWithControlPlane('the wire', () => {
  let admin: ClientNodeKubeConfig;
  let dir: string;

  beforeAll(() => {
    admin = sharedKubeConfig();
    dir = mkdtempSync(join(tmpdir(), 'operant-transport-'));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeTransports();
  });

  it('should send 300 sequential and 300 concurrent requests over a handful of connections (HTTP/2)', async () => {
    await closeTransports();
    const rest = new RestClient(admin, { http2: true });
    const sequential = await connectsDuring(async () => {
      for (let i = 0; i < 300; i++) await get(rest);
    });
    const concurrent = await connectsDuring(() => Promise.all(Array.from({ length: 300 }, () => get(rest))));
    process.stderr.write(
      `[transport] h2 connects: ${sequential} for 300 sequential, ${concurrent} for 300 concurrent\n`,
    );
    expect(sequential).toBe(1);
    expect(concurrent).toBeLessThanOrEqual(2);
  });

  it('should share one connection between clients of the same cluster and credentials', async () => {
    await closeTransports();
    const connects = await connectsDuring(async () => {
      for (let i = 0; i < 20; i++) await get(new RestClient(admin, { http2: true }));
    });
    expect(connects).toBe(1);
  });

  it('should reuse keep-alive connections on the HTTP/1.1 fallback', async () => {
    await closeTransports();
    const rest = new RestClient(admin, { http2: false });
    const sequential = await connectsDuring(async () => {
      for (let i = 0; i < 300; i++) await get(rest);
    });
    process.stderr.write(`[transport] h1 connects: ${sequential} for 300 sequential\n`);
    // a response's end and its socket's release race now and then: a second connection at most
    expect(sequential).toBeLessThanOrEqual(2);
  });

  it('should pick up a rewritten token file without a restart', async () => {
    const api = new ApiClient({ kubeConfig: admin });
    const ns = await newNamespace(api, 'tokenfile');
    const tokenOf = async (name: string): Promise<string> => {
      await api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { namespace: ns, name } });
      const request = await api.rest.json<{ status: { token: string } }>(
        {
          method: 'POST',
          path: `/api/v1/namespaces/${ns}/serviceaccounts/${name}/token`,
          body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } },
        },
        `unable to request a token for ServiceAccount ${ns}/${name}`,
      );
      return request.status.token;
    };
    const [first, second] = [await tokenOf('first'), await tokenOf('second')];
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, first);
    const kc = kubeConfigFile(dir, admin.getCurrentCluster(), [`tokenFile: ${tokenFile}`]);
    const rest = new RestClient(kc);
    expect(await whoAmI(rest)).toBe(`system:serviceaccount:${ns}:first`);

    writeFileSync(tokenFile, second);
    await eventually(async () => expect(await whoAmI(rest)).toBe(`system:serviceaccount:${ns}:second`));
  });

  it('should count and time every request in the rest_client metrics', async () => {
    const metrics = newRegistry({ collectDefaultMetrics: false });
    const rest = new RestClient(admin);
    observeRestClient(metrics, rest);
    for (let i = 0; i < 3; i++) await get(rest);
    const text = await metrics.metrics();
    const host = new URL(admin.getCurrentCluster()?.server as string).host;
    expect(text).toContain(`rest_client_requests_total{code="200",method="GET",host="${host}"} 3`);
    expect(text).toContain(`rest_client_request_duration_seconds_count{verb="GET",host="${host}"} 3`);
  });
});
