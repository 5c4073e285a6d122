// operant why against a local HTTP server standing in for the manager's metrics server: the
// query and token it sends (from --token, --token-file or the kubeconfig), the text it prints,
// -o json, and its errors for 401, 403, 404, nothing listening, no controller of the kind and
// no record of the object.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DebugReconciles } from '@operant/core/manager';
import type { KeyReconciles } from '@operant/core/trace';
import { CliError } from '../errors.js';
import { why } from './command.js';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

const T0 = Date.UTC(2026, 11, 5, 9, 30, 0);
const key: KeyReconciles = {
  namespace: 'default',
  name: 'w',
  reconciles: [
    {
      startedAt: T0 + 3,
      queueWaitMs: 3,
      durationMs: 4,
      result: 'success',
      causes: [
        {
          source: 'kind',
          at: T0,
          origin: { source: 'kind source: Widget', handler: 'enqueueRequestForObject', predicates: [] },
          event: 'create',
          kind: 'Widget',
          namespace: 'default',
          name: 'w',
          resourceVersion: '7',
          generation: 1,
        },
      ],
      droppedCauses: 0,
      ownWriteCauses: 0,
      writes: [],
    },
  ],
  waiting: [],
};

/** A kubeconfig whose current user is `user`. */
const kubeconfig = (user: string) =>
  [
    'apiVersion: v1',
    'kind: Config',
    'clusters: [{ name: c, cluster: { server: "https://127.0.0.1:6443" } }]',
    `users: [{ name: u, user: ${user} }]`,
    'contexts: [{ name: x, context: { cluster: c, user: u } }]',
    'current-context: x',
  ].join('\n');

describe('why', () => {
  let server: Server;
  let url: string;
  let seen: Seen[];
  let answer: (url: URL) => { status: number; body: string };
  let out: string[];
  let dir: string;
  const io = { stdout: (t: string) => void out.push(t), stderr: () => undefined };
  const tokenless = () => join(dir, 'tokenless');
  const page = (p: DebugReconciles) => ({ status: 200, body: JSON.stringify(p) });

  beforeEach(async () => {
    seen = [];
    out = [];
    dir = await mkdtemp(join(tmpdir(), 'operant-why-'));
    // the default chain (KUBECONFIG, ~/.kube/config) is the machine's: a kubeconfig without a token instead
    await writeFile(join(dir, 'tokenless'), kubeconfig('{ client-certificate-data: "" }'));
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const { status, body } = answer(new URL(req.url ?? '/', 'http://localhost'));
      res.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The CliError `run` rejects with. */
  const failure = async (run: Promise<unknown>): Promise<CliError> => {
    const err = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!CliError.is(err)) throw new Error(`expected a CliError, got ${String(err)}`);
    return err;
  };

  it('asks for the kind and key with the token and prints the reconciles', async () => {
    answer = () => page({ controllers: [{ controller: 'widget', kind: 'Widget', keys: [key] }] });
    await why('widget', 'default/w', { metricsUrl: url, token: 't0k3n' }, io);
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/debug/reconciles?format=json&kind=widget&key=default%2Fw', 'Bearer t0k3n'],
    ]);
    const text = out.join('');
    expect(text).toContain('Controller widget (Widget), default/w\n');
    expect(text).toContain(
      `      - create Widget default/w  resourceVersion 7  generation 1  at ${new Date(T0).toISOString()}\n`,
    );
  });

  it('sends the token of --token-file, else of the kubeconfig user, and puts --namespace in the key', async () => {
    answer = () => page({ controllers: [{ controller: 'widget', keys: [key] }] });
    await writeFile(join(dir, 'token'), 'from-file\n');
    await why('Widget', 'w', { metricsUrl: url, namespace: 'default', tokenFile: join(dir, 'token') }, io);
    await writeFile(join(dir, 'kubeconfig'), kubeconfig('{ token: from-kubeconfig }'));
    await why('Widget', 'default/w', { metricsUrl: url, kubeconfig: join(dir, 'kubeconfig') }, io);
    expect(seen.map((s) => [new URL(s.url, url).searchParams.get('key'), s.headers.authorization])).toEqual([
      ['default/w', 'Bearer from-file'],
      ['default/w', 'Bearer from-kubeconfig'],
    ]);
  });

  it('asks under the path of a --metrics-url that has one', async () => {
    answer = () => page({ controllers: [{ controller: 'widget', keys: [key] }] });
    await why('Widget', 'default/w', { metricsUrl: `${url}/proxy/`, token: 't' }, io);
    expect(seen.map((s) => s.url)).toEqual(['/proxy/debug/reconciles?format=json&kind=Widget&key=default%2Fw']);
  });

  it('refuses --token with --token-file, and a namespace given twice, before asking', async () => {
    const both = await failure(why('Widget', 'default/w', { metricsUrl: url, token: 't', tokenFile: 'f' }, io));
    expect(both.message).toBe('--token and --token-file cannot be used together');
    const twice = await failure(why('Widget', 'default/w', { metricsUrl: url, namespace: 'other', token: 't' }, io));
    expect(twice.message).toBe('default/w already names its namespace: drop --namespace other, or give the name alone');
    expect(seen).toEqual([]);
  });

  it('prints the JSON as the manager answered it with -o json', async () => {
    const body = JSON.stringify({ controllers: [{ controller: 'widget', kind: 'Widget', keys: [key] }] });
    answer = () => ({ status: 200, body });
    await why('Widget', 'default/w', { metricsUrl: url, output: 'json', kubeconfig: tokenless() }, io);
    expect(out.join('')).toBe(`${body}\n`);
  });

  it('says whether the token was missing or not accepted on 401', async () => {
    answer = () => ({ status: 401, body: 'Unauthorized\n' });
    const missing = await failure(why('Widget', 'default/w', { metricsUrl: url, kubeconfig: tokenless() }, io));
    expect(missing.kind).toBe('config');
    expect(missing.message).toBe(
      `the metrics server at ${url} answered 401 Unauthorized: no token was sent; pass --token or --token-file (e.g. kubectl create token <serviceaccount>), or use a kubeconfig whose current user has a token`,
    );
    const denied = await failure(why('Widget', 'default/w', { metricsUrl: url, token: 'x' }, io));
    expect(denied.message).toBe(
      `the metrics server at ${url} answered 401 Unauthorized: the API server did not accept the token from --token`,
    );
  });

  it('names the RBAC rule the user needs on 403', async () => {
    answer = () => ({ status: 403, body: 'Authorization denied for user system:serviceaccount:ns:sa\n' });
    const err = await failure(why('Widget', 'default/w', { metricsUrl: url, token: 'x' }, io));
    expect(err.message).toBe(
      `the metrics server at ${url} answered 403 Forbidden (Authorization denied for user system:serviceaccount:ns:sa): the user needs get on the non-resource URL /debug/reconciles, e.g. a ClusterRole with the rule {nonResourceURLs: ["/debug/reconciles"], verbs: ["get"]} bound to it`,
    );
  });

  it('names the flag that turns the page on, on 404', async () => {
    answer = () => ({ status: 404, body: 'not found\n' });
    const err = await failure(why('Widget', 'default/w', { metricsUrl: url, kubeconfig: tokenless() }, io));
    expect(err.message).toBe(
      `the metrics server at ${url} has no /debug/reconciles page (404): it is off; start the manager with --metrics-debug-reconciles (the manager option metricsServer: { debugReconciles: true })`,
    );
  });

  it('names the URL when nothing listens there', async () => {
    const closed = url;
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    const err = await failure(why('Widget', 'default/w', { metricsUrl: closed, kubeconfig: tokenless() }, io));
    expect(err.kind).toBe('load');
    expect(err.message).toContain(`unable to connect to the metrics server at ${closed}: connection refused`);
  });

  it("lists the manager's controllers when none reconciles the kind", async () => {
    answer = (u) =>
      page({
        controllers:
          u.searchParams.get('kind') === null
            ? [
                { controller: 'widget', kind: 'Widget', keys: [] },
                { controller: 'cleanup', keys: [] },
              ]
            : [],
      });
    const err = await failure(why('Gadget', 'default/g', { metricsUrl: url, kubeconfig: tokenless() }, io));
    expect(err.kind).toBe('noControllers');
    expect(err.message).toBe(
      `no controller of the manager at ${url} reconciles kind Gadget (its controllers: widget (Widget), cleanup)`,
    );
    expect(seen.map((s) => s.url)).toEqual([
      '/debug/reconciles?format=json&kind=Gadget&key=default%2Fg',
      '/debug/reconciles?format=json&key=default%2Fg',
    ]);
  });

  it('says recordCauses may be off when no controller of the kind recorded the object', async () => {
    answer = () => page({ controllers: [{ controller: 'widget', kind: 'Widget', keys: [] }] });
    const err = await failure(why('Widget', 'default/w', { metricsUrl: url, kubeconfig: tokenless() }, io));
    expect(err.kind).toBe('noResources');
    expect(err.message).toBe(
      'no reconcile of Widget default/w recorded by widget: recordCauses may be off (the controller option recordCauses: true turns it on), or the object was not reconciled since the manager started',
    );
    expect(out).toEqual([]);
  });

  it('refuses an answer that is not the page', async () => {
    answer = () => ({ status: 200, body: '<html></html>' });
    const err = await failure(why('Widget', 'default/w', { metricsUrl: url, kubeconfig: tokenless() }, io));
    expect(err.message).toBe(
      `unable to read the answer of ${url}/debug/reconciles?format=json&kind=Widget&key=default%2Fw: not JSON`,
    );
  });
});
