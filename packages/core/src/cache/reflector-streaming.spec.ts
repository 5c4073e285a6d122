/**
 * The reflector's streaming lists against a small HTTP server that answers each request
 * from a script: the initial set as ADDED events up to the initial-events-end bookmark (one
 * `replace`, then live events on the same stream), a stream that ends early (no partial
 * `replace`; a paged list instead), a server that refuses the parameters or ignores them
 * (paged lists from then on), 410 in the initial stream (streamed again), selectors and
 * metadata-only on the streaming watch, and `watchList: false`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { eventually } from '../../test/fixtures/helpers.js';
import type { KubernetesObject } from '../api/object.js';
import { RestClient } from '../client/rest.js';
import { resourceType } from '../resources/resource-type.js';
import { INITIAL_EVENTS_END } from './initial-events.js';
import { Reflector, type ReflectorOptions, type ReflectorScope } from './reflector.js';

const info = resourceType({ group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true });
const cm = (name: string, rv: string): KubernetesObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { namespace: 'ns', name, resourceVersion: rv },
});
const event = (type: string, object: KubernetesObject) => `${JSON.stringify({ type, object })}\n`;
const bookmark = (rv: string, end: boolean) =>
  event('BOOKMARK', {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { resourceVersion: rv, ...(end ? { annotations: { [INITIAL_EVENTS_END]: 'true' } } : {}) },
  });

/** Answers the n-th request (0-based) with `script[n]`; later requests hang until the test ends. */
type Answer = (res: ServerResponse) => void;
const stream =
  (...lines: string[]): Answer =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const line of lines) res.write(line);
  };
const streamThenEnd =
  (...lines: string[]): Answer =>
  (res) => {
    stream(...lines)(res);
    res.end();
  };
const list =
  (rv: string, ...items: KubernetesObject[]): Answer =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: rv }, items }));
  };
const status =
  (code: number, reason: string): Answer =>
  (res) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message: reason }));
  };

interface Run {
  requests: { url: URL; accept: string | undefined }[];
  sink: string[];
  /** The names `prepare` saw, in order (what the sink is handed was prepared). */
  prepared: string[];
  reflector: Reflector;
}

let server: Server | undefined;
let stop: AbortController | undefined;
let running: Promise<void> | undefined;
const open = new Set<ServerResponse>();

afterEach(async () => {
  stop?.abort();
  await running;
  for (const res of open) res.destroy();
  open.clear();
  await new Promise((resolve) => server?.close(resolve));
});

async function start(
  script: Answer[],
  options: ReflectorOptions = {},
  scope: Partial<ReflectorScope> = {},
): Promise<Run> {
  const requests: Run['requests'] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push({ url: new URL(req.url ?? '/', 'http://x'), accept: req.headers.accept });
    open.add(res);
    script[requests.length - 1]?.(res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rest = new RestClient({
    getCurrentCluster: () => ({ name: 'fake', server: `http://127.0.0.1:${port}`, skipTLSVerify: false }),
    getCurrentUser: () => null,
  });
  const sink: string[] = [];
  const prepared: string[] = [];
  const names = (objects: KubernetesObject[]) => objects.map((o) => o.metadata?.name).join(',');
  // prepared objects carry a label: the sink shows whether it got them prepared
  const unprepared = (objects: KubernetesObject[]) =>
    objects.some((o) => o.metadata?.labels?.prepared !== 'true') ? ' (unprepared)' : '';
  const reflector = new Reflector(
    rest,
    { info, namespace: 'ns', ...scope },
    {
      prepare: (o) => {
        prepared.push(o.metadata?.name ?? '');
        return { ...o, metadata: { ...o.metadata, labels: { prepared: 'true' } } };
      },
      replace: (objects) => sink.push(`replace ${names(objects)}${unprepared(objects)}`),
      upsert: (o) => sink.push(`upsert ${o.metadata?.name} ${o.metadata?.resourceVersion}${unprepared([o])}`),
      remove: (o) => sink.push(`remove ${o.metadata?.name}`),
    },
    { backoff: { initialMs: 1, maxMs: 5 }, ...options },
  );
  stop = new AbortController();
  running = reflector.run(stop.signal);
  return { requests, sink, prepared, reflector };
}

const streaming = (url: URL) => url.searchParams.get('sendInitialEvents') === 'true';
const paged = (url: URL) => url.searchParams.get('watch') !== 'true' && url.searchParams.get('limit') === '500';

describe('Reflector streaming lists', () => {
  it('should replace with the initial set at the end bookmark and carry on with live events on the same stream', async () => {
    const { requests, sink, reflector } = await start(
      [
        stream(
          event('ADDED', cm('b', '7')),
          event('ADDED', cm('a', '9')),
          bookmark('12', true),
          event('MODIFIED', cm('a', '13')),
        ),
      ],
      {},
      {
        labelSelector: 'app=x',
        fieldSelector: 'metadata.name!=z',
        shardSelector: 'shardRange(object.metadata.uid, 0, 1)',
      },
    );
    await eventually(() => expect(sink).toEqual(['replace b,a', 'upsert a 13']));
    expect(requests).toHaveLength(1);
    const query = Object.fromEntries(requests[0]?.url.searchParams ?? []);
    expect(query).toMatchObject({
      watch: 'true',
      sendInitialEvents: 'true',
      resourceVersionMatch: 'NotOlderThan',
      allowWatchBookmarks: 'true',
      labelSelector: 'app=x',
      fieldSelector: 'metadata.name!=z',
      shardSelector: 'shardRange(object.metadata.uid, 0, 1)',
    });
    expect(query.resourceVersion).toBeUndefined();
    expect(requests[0]?.accept).toBe('application/json');
    expect(reflector.health()).toMatchObject({ synced: true, lists: 1, resourceVersion: '13', watching: true });
  });

  it('should prepare each initial object as it arrives, before the end bookmark', async () => {
    const { sink, prepared } = await start([stream(event('ADDED', cm('b', '7')), event('ADDED', cm('a', '9')))]);
    // the set is held prepared (stripped) while the stream has not ended it
    await eventually(() => expect(prepared).toEqual(['b', 'a']));
    expect(sink).toEqual([]);
  });

  it('should hand over listed pages prepared', async () => {
    const { sink, prepared } = await start([list('10', cm('a', '9'), cm('b', '8')), stream()], { watchList: false });
    await eventually(() => expect(sink).toEqual(['replace a,b']));
    expect(prepared).toEqual(['a', 'b']);
  });

  it('should ask for PartialObjectMetadata on a metadata-only streaming list', async () => {
    const { requests, sink } = await start([stream(bookmark('3', true))], {}, { metadataOnly: true });
    await eventually(() => expect(sink).toEqual(['replace ']));
    expect(requests[0]?.accept).toContain('as=PartialObjectMetadata;');
    expect(streaming(requests[0]?.url as URL)).toBe(true);
  });

  it('should report watching only once the initial set is in', async () => {
    const { sink, reflector } = await start([stream(event('ADDED', cm('a', '5')))]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink).toEqual([]);
    expect(reflector.health()).toMatchObject({ synced: false, watching: false, lists: 0 });
  });

  it('should not replace a partial set when the stream ends before the bookmark, and list by pages once', async () => {
    const { requests, sink } = await start([
      streamThenEnd(event('ADDED', cm('a', '5'))),
      list('20', cm('b', '4')),
      stream(event('ADDED', cm('c', '21'))),
    ]);
    await eventually(() => expect(sink).toEqual(['replace b', 'upsert c 21']));
    expect(streaming(requests[0]?.url as URL)).toBe(true);
    expect(paged(requests[1]?.url as URL)).toBe(true);
    expect(requests[2]?.url.searchParams.get('resourceVersion')).toBe('20');
    expect(streaming(requests[2]?.url as URL)).toBe(false);
  });

  it('should stream again after a 410 in the initial stream, without the first stream objects', async () => {
    const gone = event('ERROR', { kind: 'Status', code: 410, reason: 'Expired' } as KubernetesObject);
    const { requests, sink, reflector } = await start([
      streamThenEnd(event('ADDED', cm('stale', '5')), gone),
      stream(event('ADDED', cm('a', '30')), bookmark('31', true)),
    ]);
    await eventually(() => expect(sink).toEqual(['replace a']));
    expect(requests.map((r) => streaming(r.url))).toEqual([true, true]);
    expect(reflector.health().lists).toBe(1);
  });

  it('should list by pages from then on when the server refuses the parameters (422)', async () => {
    const gone = event('ERROR', { kind: 'Status', code: 410, reason: 'Expired' } as KubernetesObject);
    const { requests, sink } = await start([
      status(422, 'Invalid'),
      list('10', cm('a', '9')),
      streamThenEnd(gone),
      list('40', cm('b', '39')),
      stream(),
    ]);
    await eventually(() => expect(requests).toHaveLength(5));
    expect(sink).toEqual(['replace a', 'replace b']);
    expect(requests.map((r) => (streaming(r.url) ? 'stream' : paged(r.url) ? 'list' : 'watch'))).toEqual([
      'stream',
      'list',
      'watch',
      'list',
      'watch',
    ]);
  });

  it('should list by pages from then on when the server ignores sendInitialEvents (a bookmark without the end)', async () => {
    const { requests, sink } = await start([
      stream(event('ADDED', cm('a', '5')), bookmark('6', false)),
      list('10', cm('a', '5'), cm('b', '8')),
      stream(),
    ]);
    await eventually(() => expect(requests).toHaveLength(3));
    expect(sink).toEqual(['replace a,b']);
    expect(paged(requests[1]?.url as URL)).toBe(true);
    expect(requests[2]?.url.searchParams.get('resourceVersion')).toBe('10');
  });

  it('should list by pages with watchList: false', async () => {
    const { requests, sink } = await start([list('10', cm('a', '9')), stream()], { watchList: false });
    await eventually(() => expect(requests).toHaveLength(2));
    expect(sink).toEqual(['replace a']);
    expect(paged(requests[0]?.url as URL)).toBe(true);
    expect(requests.some((r) => streaming(r.url))).toBe(false);
  });
});
