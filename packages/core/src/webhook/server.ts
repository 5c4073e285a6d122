/**
 * The webhook server: HTTPS (Node's `https`, no framework) as a manager Runnable that runs
 * on every replica, leader or not (controller-runtime's `webhook.Server`). Port 9443 by
 * default; the certificate and key come from a folder (`tls.crt`, `tls.key`) and are
 * swapped in with `setSecureContext` when they change on disk. Requests are POSTs of JSON
 * with a bounded body (413 beyond `maxBodyBytes`); a body that is not an AdmissionReview or
 * ConversionReview gets 400; each handler runs under a deadline (the smaller of
 * `handlerTimeoutMs` and the API server's `?timeout=` less a margin). Handshake, header,
 * request and idle timeouts and the connection caps come from `ServerLimits` (5 s, 5 s, 30 s,
 * 30 s, 512 in all and 256 per client address by default; a newcomer over a cap evicts a
 * connection without a request in flight, see server/connection-guard.ts).
 * `startedChecker()` is a readiness check that completes a TLS handshake with the server.
 * `newWebhookServer(options)` makes one (controller-runtime's `webhook.NewServer`).
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperantError } from '@operant/crd/metadata';
import type { Logger } from '../api/logger.js';
import { newLogger } from '../log/logger.js';
import { CertWatcher } from '../server/cert-watcher.js';
import { guardConnections } from '../server/connection-guard.js';
import { LISTEN_BACKLOG, type ServerLimits, serverOptions } from '../server/limits.js';
import type { AdmissionHandler, WebhookServer } from './contracts.js';
import { Conversions, decodeConversionReview } from './conversion.js';
import { WebhookError } from './errors.js';
import { CONVERT_PATH } from './paths.js';
import { runAdmission, withDeadline } from './respond.js';

export interface WebhookServerOptions extends ServerLimits {
  /**
   * Interface to listen on. Default every interface, IPv6 and IPv4 where the machine has
   * both (controller-runtime's empty host; a pod's IP may be IPv6).
   */
  host?: string;
  /** Default 9443; 0 picks a free port (see `address()`). */
  port?: number;
  /** Folder of the serving pair. Default `<tmpdir>/k8s-webhook-server/serving-certs`, as controller-runtime. */
  certDir?: string;
  certName?: string;
  keyName?: string;
  /** Re-read the pair this often besides on change events. Default 10 s. */
  certPollIntervalMs?: number;
  /** Largest request body accepted. Default 7 MiB (an AdmissionReview holds two objects of up to 3 MiB). */
  maxBodyBytes?: number;
  /** Longest a handler may take. Default 10 s; the API server's `timeout` query shortens it. */
  handlerTimeoutMs?: number;
  logger?: Logger;
}

interface Route {
  handler: AdmissionHandler;
  verb: string;
}

const DEFAULT_MAX_BODY = 7 * 1024 * 1024;

class HttpFailure extends OperantError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(status === 404 ? 'NotFound' : status === 405 ? 'MethodNotAllowed' : 'BadRequest', message);
  }
}

/**
 * The API server's `timeout` query (`10s`, `1.5s`) in ms, less a margin (a tenth, at most
 * 500 ms) so that our denial arrives before the API server gives up; undefined without one.
 */
function queryTimeoutMs(url: URL): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(url.searchParams.get('timeout') ?? '');
  if (!match) return undefined;
  const ms = Number(match[1]) * 1000;
  return Math.max(1, ms - Math.min(500, ms / 10));
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    return Promise.reject(new HttpFailure(413, `request body of ${declared} bytes is over the limit of ${max} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpFailure(413, `request body is over the limit of ${max} bytes`));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export class DefaultWebhookServer implements WebhookServer {
  /** Hubs and converters served at `/convert`. */
  readonly conversions = new Conversions();
  readonly options: Readonly<WebhookServerOptions>;
  private readonly routes = new Map<string, Route>();
  private readonly logger: Logger;
  private readonly listening: Promise<AddressInfo>;
  private bound!: (address: AddressInfo) => void;
  private failed!: (err: unknown) => void;
  private started = false;

  constructor(options: WebhookServerOptions = {}) {
    this.options = { ...options };
    this.logger = (options.logger ?? newLogger()).child({ component: 'webhook' });
    this.listening = new Promise((resolve, reject) => {
      this.bound = resolve;
      this.failed = reject;
    });
    this.listening.catch(() => undefined); // reported by start()
  }

  needsLeaderElection(): boolean {
    return false;
  }

  /** Serves an admission handler at `path`; `verb` (`validate`, `default`) names it in messages. */
  register(path: string, handler: AdmissionHandler, verb: string): void {
    if (!path.startsWith('/') || path === CONVERT_PATH) {
      throw new WebhookError(
        'config',
        `unable to register a webhook at ${path}: paths start with "/" and ${CONVERT_PATH} is reserved`,
      );
    }
    if (this.routes.has(path))
      throw new WebhookError('config', `unable to register a webhook at ${path}: the path is taken`);
    this.routes.set(path, { handler, verb });
  }

  /** Registered admission paths, sorted. */
  paths(): string[] {
    return [...this.routes.keys()].sort();
  }

  /** Resolves with the bound address once the server listens. */
  address(): Promise<AddressInfo> {
    return this.listening;
  }

  /** A readiness check: passes once a TLS handshake with the server succeeds (controller-runtime's `StartedChecker`). */
  startedChecker(): () => Promise<void> {
    return async () => {
      if (!this.started) throw new Error('webhook server has not been started yet');
      const { address, port } = await this.listening;
      const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
      await new Promise<void>((resolve, reject) => {
        const socket = process
          .getBuiltinModule('node:tls')
          .connect({ host, port, rejectUnauthorized: false, timeout: 2_000 }, () => {
            socket.end();
            resolve();
          });
        socket.on('timeout', () => socket.destroy(new Error(`no TLS handshake with ${host}:${port} within 2 s`)));
        socket.on('error', (err) => reject(new Error(`webhook server is not reachable: ${err.message}`)));
      });
    };
  }

  async start(signal: AbortSignal): Promise<void> {
    this.started = true;
    const certDir = this.options.certDir ?? join(tmpdir(), 'k8s-webhook-server', 'serving-certs');
    let server: Server | undefined;
    const watcher = new CertWatcher({
      certDir,
      certName: this.options.certName,
      keyName: this.options.keyName,
      pollIntervalMs: this.options.certPollIntervalMs,
      logger: this.logger,
      onChange: (pair) => server?.setSecureContext({ ...pair, minVersion: 'TLSv1.2' }),
    });
    let pair: Awaited<ReturnType<CertWatcher['read']>>;
    try {
      pair = await watcher.read();
    } catch (err) {
      this.failed(err);
      throw err;
    }
    // node:https and node:tls are loaded when a webhook server starts, not with the package
    server = process
      .getBuiltinModule('node:https')
      .createServer(
        { ...pair, minVersion: 'TLSv1.2', ...serverOptions(this.options) },
        (req, res) => void this.serve(req, res, signal),
      );
    guardConnections(server, this.options);
    const { host, port = 9443 } = this.options;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => {
        const error = new WebhookError('config', `unable to serve webhooks on ${host ?? ''}:${port}: ${err.message}`, {
          cause: err,
        });
        this.failed(error);
        reject(error);
      });
      server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
        const address = server.address() as AddressInfo;
        this.logger.info('serving webhooks', { host: address.address, port: address.port, certDir });
        this.bound(address);
        resolve();
      });
    });
    const watching = watcher.watch(signal);
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    server.closeAllConnections();
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), watching]);
  }

  private async serve(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://localhost');
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (res.headersSent) return;
      const text = typeof body === 'string' ? `${body}\n` : JSON.stringify(body);
      const contentType = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
      res.writeHead(status, { 'content-type': contentType, ...headers }).end(text);
    };
    try {
      const route = this.routes.get(url.pathname);
      const convert = url.pathname === CONVERT_PATH && this.conversions.size > 0;
      if (route === undefined && !convert) throw new HttpFailure(404, `no webhook is served at ${url.pathname}`);
      if (req.method !== 'POST') throw new HttpFailure(405, `webhooks accept POST, got ${req.method}`);
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim();
      if (type !== 'application/json')
        throw new HttpFailure(400, `content type ${type || '(none)'} is not application/json`);
      const raw = await readBody(req, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (err) {
        throw new HttpFailure(400, `unable to parse the request body as JSON: ${(err as Error).message}`);
      }
      const timeoutMs = Math.min(
        this.options.handlerTimeoutMs ?? 10_000,
        queryTimeoutMs(url) ?? Number.POSITIVE_INFINITY,
      );
      if (route !== undefined) {
        reply(
          200,
          await runAdmission({ body, handler: route.handler, verb: route.verb, timeoutMs, signal, log: this.logger }),
        );
      } else {
        const request = decodeConversionReview(body);
        const review = await withDeadline(timeoutMs, signal, () => this.conversions.review(request)).catch(
          (err: Error) => ({
            apiVersion: 'apiextensions.k8s.io/v1',
            kind: 'ConversionReview',
            response: { uid: request.uid, convertedObjects: [], result: { status: 'Failure', message: err.message } },
          }),
        );
        reply(200, review);
      }
    } catch (err) {
      if (err instanceof HttpFailure) reply(err.status, err.message, err.status === 413 ? { connection: 'close' } : {});
      else if (WebhookError.is(err, 'badRequest')) reply(400, err.message);
      else {
        this.logger.error('webhook request failed', { path: url.pathname, error: err });
        reply(500, `internal error: ${(err as Error).message}`);
      }
    }
  }
}

/** The default webhook server (controller-runtime's `webhook.NewServer`). */
export function newWebhookServer(options: WebhookServerOptions = {}): WebhookServer {
  return new DefaultWebhookServer(options);
}
