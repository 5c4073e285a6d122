/**
 * `GET /debug/reconciles?format=json` on a manager's metrics server, over HTTPS (or HTTP for
 * a server started with `--metrics-secure=false`), with the bearer token if there is one.
 * Every way it can fail is one `CliError` that says what to do: the token missing (401) or
 * denied (403, with the RBAC rule the user needs), the page off (404, with the flag and
 * option that turn it on), nothing listening at the URL, a certificate not trusted.
 * @module
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { DebugReconciles } from '@operant/core/manager';
import { CliError } from '../errors.js';
import type { Credentials } from './credentials.js';
import { isDebugReconciles, RECONCILES_PATH } from './page.js';

/** How the page is turned on, for the 404 message (the manager's flag and its option). */
export const PAGE_FLAG = '--metrics-debug-reconciles';
export const PAGE_OPTION = 'metricsServer: { debugReconciles: true }';

/** How long to wait for the answer. */
const TIMEOUT_MS = 30_000;

/** TLS errors that mean the server's certificate was not trusted. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
]);

interface Answer {
  status: number;
  body: string;
}

function get(url: URL, credentials: Credentials): Promise<Answer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials.token !== undefined) headers.authorization = `Bearer ${credentials.token}`;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { headers, ca: credentials.ca, rejectUnauthorized: credentials.rejectUnauthorized, timeout: TIMEOUT_MS },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end();
  });
}

/** The error for a request that got no answer. */
function unreachable(base: string, err: NodeJS.ErrnoException): CliError {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') {
    return new CliError(
      'load',
      `unable to connect to the metrics server at ${base}: connection refused; is the manager running with its metrics server on (--metrics-bind-address), or a port-forward to it open? Name it with --metrics-url`,
      { cause: err },
    );
  }
  if (UNTRUSTED.has(code)) {
    return new CliError(
      'config',
      `unable to verify the certificate of the metrics server at ${base} (${err.message}): pass --certificate-authority with the CA that signed it, or --insecure-skip-tls-verify for the manager's self-signed certificate`,
      { cause: err },
    );
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO') {
    return new CliError(
      'load',
      `unable to talk TLS to the metrics server at ${base} (${err.message}): if it serves plain HTTP (--metrics-secure=false), use an http:// URL`,
      { cause: err },
    );
  }
  return new CliError('load', `unable to reach the metrics server at ${base}: ${err.message}`, { cause: err });
}

/** The error for an answer other than 200. */
function refused(base: string, answer: Answer, credentials: Credentials): CliError {
  const said = answer.body.trim().split('\n')[0] ?? '';
  switch (answer.status) {
    case 401:
      return new CliError(
        'config',
        credentials.token === undefined
          ? `the metrics server at ${base} answered 401 Unauthorized: no token was sent; pass --token or --token-file (e.g. kubectl create token <serviceaccount>), or use a kubeconfig whose current user has a token`
          : `the metrics server at ${base} answered 401 Unauthorized: the API server did not accept the token from ${credentials.tokenFrom}`,
      );
    case 403:
      return new CliError(
        'config',
        `the metrics server at ${base} answered 403 Forbidden (${said}): the user needs get on the non-resource URL ${RECONCILES_PATH}, e.g. a ClusterRole with the rule {nonResourceURLs: ["${RECONCILES_PATH}"], verbs: ["get"]} bound to it`,
      );
    case 404:
      return new CliError(
        'config',
        `the metrics server at ${base} has no ${RECONCILES_PATH} page (404): it is off; start the manager with ${PAGE_FLAG} (the manager option ${PAGE_OPTION})`,
      );
    default:
      return new CliError('load', `the metrics server at ${base} answered ${answer.status}: ${said}`);
  }
}

/** The page at `path` (with its query) of the metrics server at `metricsUrl`. Throws `CliError`. */
export async function fetchDebugReconciles(
  metricsUrl: string,
  path: string,
  credentials: Credentials,
): Promise<{ page: DebugReconciles; body: string }> {
  let url: URL;
  try {
    // under the URL's path, so that a server behind a path prefix is reached there too
    const root = new URL(metricsUrl);
    if (!root.pathname.endsWith('/')) root.pathname += '/';
    url = new URL(path.replace(/^\//, ''), root);
  } catch (cause) {
    throw new CliError('config', `--metrics-url needs a URL such as https://127.0.0.1:8443, got ${metricsUrl}`, {
      cause,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CliError('config', `--metrics-url needs an https:// or http:// URL, got ${metricsUrl}`);
  }
  const base = metricsUrl.replace(/\/+$/, '');
  const answer = await get(url, credentials).catch((err: NodeJS.ErrnoException) => {
    throw unreachable(base, err);
  });
  if (answer.status !== 200) throw refused(base, answer, credentials);
  let page: unknown;
  try {
    page = JSON.parse(answer.body);
  } catch (cause) {
    throw new CliError('load', `unable to read the answer of ${url.href}: not JSON`, { cause });
  }
  if (!isDebugReconciles(page)) {
    throw new CliError('load', `unable to read the answer of ${url.href}: no "controllers" list`);
  }
  return { page, body: answer.body };
}
