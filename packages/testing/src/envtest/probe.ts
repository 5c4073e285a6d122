/**
 * Readiness probes over plain HTTP (etcd) and HTTPS with client certificates
 * (kube-apiserver, kube-controller-manager). Each request has its own short timeout.
 * @module
 */
import http from 'node:http';
import https from 'node:https';

export interface ProbeTls {
  ca?: string;
  cert?: string;
  key?: string;
  /** For servers whose self-signed serving certificate the harness cannot know (KCM). */
  insecure?: boolean;
}

export interface ProbeResponse {
  status: number;
  body: string;
}

/** GET `url`; resolves with status and body, rejects on a transport error or after `timeoutMs`. */
export function probeGet(url: string, tls: ProbeTls = {}, timeoutMs = 2000): Promise<ProbeResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = { method: 'GET', timeout: timeoutMs, agent: false };
    if (target.protocol === 'https:') {
      Object.assign(options, { ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: !tls.insecure });
    }
    const request = (target.protocol === 'https:' ? https : http).request(target, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end();
  });
}
