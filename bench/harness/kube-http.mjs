/**
 * A raw Kubernetes HTTP client (client certificates from a kubeconfig): JSON requests, paged
 * lists and a resuming watch, over either a keep-alive `node:https` agent or one `node:http2`
 * session that multiplexes every request and watch on a single connection (what client-go
 * does by default). No framework code: the load generator and the floor use it, so neither
 * shares a line with a framework under test.
 * @module
 */
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';

const b64 = (s) => Buffer.from(s, 'base64');

/**
 * HTTP/1.1 with a keep-alive agent: `open(method, path, headers, signal, body)` resolves
 * `{ status, stream }` or rejects on a connection error.
 */
function http1Transport(url, tls, maxSockets) {
  const agent = new https.Agent({ keepAlive: true, noDelay: true, maxSockets, ...tls });
  const open = (method, path, headers, signal, body) =>
    new Promise((resolve, reject) => {
      const req = https.request({ agent, host: url.hostname, port: url.port, method, path, signal, headers }, (res) =>
        resolve({ status: res.statusCode, stream: res }),
      );
      req.on('error', reject);
      req.end(body);
    });
  return { open, close: () => agent.destroy() };
}

/** HTTP/2: one session (one TCP + TLS connection), dialled again when it closes. */
function http2Transport(url, tls) {
  let session;
  const connectSession = () => {
    const s = http2.connect(url.origin, { ...tls, peerMaxConcurrentStreams: 1000 });
    s.on('error', () => {});
    s.on('close', () => {
      if (session === s) session = undefined;
    });
    return s;
  };
  const open = (method, path, headers, signal, body) =>
    new Promise((resolve, reject) => {
      session ??= connectSession();
      const stream = session.request({ ':method': method, ':path': path, ...headers }, { signal, endStream: false });
      stream.on('response', (h) => resolve({ status: h[':status'], stream }));
      stream.on('error', reject);
      stream.end(body);
    });
  return { open, close: () => session?.close() };
}

/**
 * Reads a kubeconfig file (JSON, as envtest writes it) and returns a client for its current
 * context: `http2: true` puts every request and watch on one HTTP/2 connection, otherwise an
 * HTTP/1.1 keep-alive agent with at most `maxSockets` connections.
 */
export function connect(kubeconfigPath, { maxSockets = 64, http2: useHttp2 = false } = {}) {
  const kc = JSON.parse(readFileSync(kubeconfigPath, 'utf8'));
  const context = kc.contexts.find((c) => c.name === kc['current-context'])?.context ?? kc.contexts[0].context;
  const cluster = kc.clusters.find((c) => c.name === context.cluster).cluster;
  const user = kc.users.find((u) => u.name === context.user).user;
  const url = new URL(cluster.server);
  const tls = {
    ca: b64(cluster['certificate-authority-data']),
    cert: b64(user['client-certificate-data']),
    key: b64(user['client-key-data']),
  };
  const transport = useHttp2 ? http2Transport(url, tls) : http1Transport(url, tls, maxSockets);
  let requests = 0;
  let watches = 0;

  /** One request; resolves `{ status, body }` (body parsed when JSON). Never throws on HTTP status. */
  function request(method, path, body, contentType = 'application/json', signal) {
    requests++;
    const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers = {
      accept: 'application/json',
      ...(data === undefined ? {} : { 'content-type': contentType, 'content-length': Buffer.byteLength(data) }),
    };
    return transport.open(method, path, headers, signal, data).then(
      ({ status, stream }) =>
        new Promise((resolve, reject) => {
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed = text;
            try {
              parsed = text.length > 0 ? JSON.parse(text) : undefined;
            } catch {}
            resolve({ status, body: parsed });
          });
          stream.on('error', reject);
        }),
    );
  }

  /** Like `request`, but throws unless the status is 2xx (or listed in `ok`). */
  async function must(method, path, body, contentType, ok = []) {
    const res = await request(method, path, body, contentType);
    if ((res.status < 200 || res.status >= 300) && !ok.includes(res.status)) {
      const message = typeof res.body === 'object' ? res.body?.message : String(res.body).slice(0, 200);
      throw Object.assign(new Error(`unable to ${method} ${path}: ${res.status} ${message}`), { status: res.status });
    }
    return res.body;
  }

  /** A paged LIST (limit 500); calls `onPage(items)` per page; returns the list's resourceVersion. */
  async function listPages(path, onPage, limit = 500) {
    let token;
    let rv;
    do {
      const q = new URLSearchParams({ limit: String(limit) });
      if (token) q.set('continue', token);
      const page = await must('GET', `${path}?${q}`);
      onPage(page.items);
      rv = page.metadata.resourceVersion;
      token = page.metadata.continue || undefined;
    } while (token !== undefined);
    return rv;
  }

  /**
   * A watch that lists first (`onEvent('ADDED', obj)` per listed object), then watches with
   * bookmarks and resumes from the last resourceVersion after a disconnect; on 410 it lists
   * again. Returns `{ stop, synced, reconnects }`.
   */
  function informer(path, onEvent, { onSynced } = {}) {
    const stopper = new AbortController();
    const state = { reconnects: 0, relists: 0, rv: undefined };
    let resolveSynced;
    const synced = new Promise((r) => {
      resolveSynced = r;
    });
    const watchOnce = () =>
      new Promise((resolve) => {
        const q = new URLSearchParams({
          watch: '1',
          allowWatchBookmarks: 'true',
          resourceVersion: state.rv,
          timeoutSeconds: String(240 + Math.floor(Math.random() * 60)),
        });
        watches++;
        const opened = transport.open('GET', `${path}?${q}`, { accept: 'application/json' }, stopper.signal);
        opened.then(
          ({ status, stream: res }) => {
            if (status !== 200) {
              if (status === 410) state.rv = undefined;
              res.resume();
              setTimeout(resolve, 200);
              return;
            }
            let buf = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              buf += chunk;
              let i = buf.indexOf('\n');
              while (i >= 0) {
                const line = buf.slice(0, i);
                buf = buf.slice(i + 1);
                i = buf.indexOf('\n');
                if (line.length === 0) continue;
                let ev;
                try {
                  ev = JSON.parse(line);
                } catch {
                  continue;
                }
                if (ev.object?.metadata === undefined || ev.type === 'ERROR') {
                  if (ev.object?.code === 410) state.rv = undefined;
                  continue;
                }
                state.rv = ev.object.metadata.resourceVersion;
                if (ev.type !== 'BOOKMARK') onEvent(ev.type, ev.object);
              }
            });
            res.on('end', resolve);
            res.on('close', resolve);
            res.on('error', resolve);
            res.on('aborted', resolve);
          },
          () => resolve(),
        );
      });
    (async () => {
      while (!stopper.signal.aborted) {
        if (state.rv === undefined) {
          try {
            state.rv = await listPages(path, (items) => {
              for (const o of items) onEvent('ADDED', o);
            });
            if (state.relists++ === 0) {
              resolveSynced();
              onSynced?.();
            }
          } catch {
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
        }
        await watchOnce();
        if (!stopper.signal.aborted) {
          state.reconnects++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    })();
    return { stop: () => stopper.abort(), synced, state };
  }

  return {
    request,
    must,
    listPages,
    informer,
    /** Non-watch requests sent so far. */
    get requests() {
      return requests;
    },
    get watches() {
      return watches;
    },
    close: () => transport.close(),
  };
}
