/**
 * The HTTPS side of `HttpServer` (controller-runtime's `SecureServing` metrics server),
 * imported only when a secure server starts, so `import '@operant/core'` loads neither
 * `node:https` nor the certificate code. The serving pair comes from `certDir`
 * (`tls.crt`/`tls.key`, reloaded on change by `CertWatcher`, as the webhook server's), or, with
 * no folder, from a self-signed certificate made in memory. TLS 1.2 or later; ALPN offers
 * HTTP/1.1 only (kubebuilder turns HTTP/2 off by default; Node's `https` speaks none).
 * @module
 */
import type { RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { SecureContextOptions } from 'node:tls';
import type { Logger } from '../api/logger.js';
import type { CertPair } from './cert-pair.js';
import { CertWatcher } from './cert-watcher.js';
import { type ServerLimits, serverOptions } from './limits.js';
import { selfSignedCertificate } from './self-signed.js';

export interface SecureServing {
  /** Folder of the serving pair; without one a self-signed pair is made in memory. */
  certDir?: string;
  /** Default `tls.crt`. */
  certName?: string;
  /** Default `tls.key`. */
  keyName?: string;
  /** Re-read the pair this often besides on change events. Default 10 s. */
  certPollIntervalMs?: number;
  logger: Logger;
}

const tlsOptions = (pair: CertPair): SecureContextOptions & { ALPNProtocols: string[] } => ({
  ...pair,
  minVersion: 'TLSv1.2',
  ALPNProtocols: ['http/1.1'],
});

/** An HTTPS server with the first pair loaded, and what keeps it current until `signal` aborts. */
export async function createTlsServer(
  secure: SecureServing,
  limits: ServerLimits,
  listener: RequestListener,
): Promise<{ server: Server; watch(signal: AbortSignal): Promise<void> }> {
  const { certDir } = secure;
  if (certDir === undefined) {
    return {
      server: createServer({ ...tlsOptions(selfSignedCertificate()), ...serverOptions(limits) }, listener),
      watch: async () => undefined,
    };
  }
  let server: Server | undefined;
  const watcher = new CertWatcher({
    certDir,
    certName: secure.certName,
    keyName: secure.keyName,
    pollIntervalMs: secure.certPollIntervalMs,
    logger: secure.logger,
    onChange: (pair) => server?.setSecureContext(tlsOptions(pair)),
  });
  server = createServer({ ...tlsOptions(await watcher.read()), ...serverOptions(limits) }, listener);
  return { server, watch: (signal) => watcher.watch(signal) };
}
