/**
 * A raw Kubernetes HTTP client on `node:https` (keep-alive, client certificates from a
 * kubeconfig): JSON requests, paged lists and a resuming watch. No framework code: the load
 * generator and the floor use it, so neither shares a line with a framework under test.
 * @module
 */
import { readFileSync } from 'node:fs';
import https from 'node:https';

const b64 = (s) => Buffer.from(s, 'base64');

/** Reads a kubeconfig file (JSON, as envtest writes it) and returns a client for its current context. */
export function connect(kubeconfigPath, { maxSockets = 64 } = {}) {
  const kc = JSON.parse(readFileSync(kubeconfigPath, 'utf8'));
  const context = kc.contexts.find((c) => c.name === kc['current-context'])?.context ?? kc.contexts[0].context;
  const cluster = kc.clusters.find((c) => c.name === context.cluster).cluster;
  const user = kc.users.find((u) => u.name === context.user).user;
  const url = new URL(cluster.server);
  const agent = new https.Agent({
    keepAlive: true,
    noDelay: true,
    maxSockets,
    ca: b64(cluster['certificate-authority-data']),
    cert: b64(user['client-certificate-data']),
    key: b64(user['client-key-data']),
  });
  let requests = 0;
  let watches = 0;

  /** One request; resolves `{ status, body }` (body parsed when JSON). Never throws on HTTP status. */
  function request(method, path, body, contentType = 'application/json', signal) {
    requests++;
    return new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const req = https.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          signal,
          headers: {
            accept: 'application/json',
            ...(data === undefined ? {} : { 'content-type': contentType, 'content-length': Buffer.byteLength(data) }),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed = text;
            try {
              parsed = text.length > 0 ? JSON.parse(text) : undefined;
            } catch {}
            resolve({ status: res.statusCode, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
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
        const req = https.request(
          { agent, host: url.hostname, port: url.port, method: 'GET', path: `${path}?${q}`, signal: stopper.signal },
          (res) => {
            if (res.statusCode !== 200) {
              if (res.statusCode === 410) state.rv = undefined;
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
            res.on('error', resolve);
            res.on('aborted', resolve);
          },
        );
        req.on('error', resolve);
        req.end();
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
    close: () => agent.destroy(),
  };
}
