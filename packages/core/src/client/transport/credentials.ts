/**
 * The credentials of one (cluster, user) of a kubeconfig, applied per request without
 * rebuilding the connection: a bearer token, a `tokenFile` (the in-cluster service account's
 * bound token) re-read when the file changes, an exec credential plugin
 * (`client.authentication.k8s.io/v1` and `v1beta1`) cached until its `expirationTimestamp`,
 * basic auth, impersonation; and the TLS identity (CA, client certificate and key, from data
 * or files), whose `digest` changes when a certificate file changes so the transport is
 * rebuilt. Exotic `auth-provider`s load `@kubernetes/client-node` lazily, only when used.
 * @module
 */
import { readFileSync, statSync } from 'node:fs';
import type { KubeCluster, KubeConfigSource, KubeUser } from '../kubeconfig.js';

/** TLS options of the connection (`tls.connect` options: the HTTP/2 session's and undici's). */
export interface TlsIdentity {
  ca?: string;
  cert?: string;
  key?: string;
  rejectUnauthorized?: boolean;
  servername?: string;
  /** Changes whenever any of the above changes. */
  digest: string;
}

/** What one request needs: headers, and the TLS identity of the connection to send it on. */
export interface RequestCredentials {
  headers: Record<string, string>;
  tls: TlsIdentity;
}

/** Files are checked for changes at most this often (ms). */
const RECHECK_MS = 1000;

/** A file's content, re-read when its mtime or size changes (checked at most once per `RECHECK_MS`). */
class WatchedFile {
  private content = '';
  private stamp = '';
  private checkedAt = -Infinity;

  constructor(readonly path: string) {}

  read(): string {
    const now = performance.now();
    if (now - this.checkedAt < RECHECK_MS) return this.content;
    this.checkedAt = now;
    const stat = statSync(this.path);
    const stamp = `${stat.mtimeMs}/${stat.size}/${stat.ino}`;
    if (stamp !== this.stamp) {
      this.content = readFileSync(this.path, 'utf8');
      this.stamp = stamp;
    }
    return this.content;
  }
}

interface ExecResult {
  token?: string;
  cert?: string;
  key?: string;
  /** ms since the epoch; undefined: until a 401. */
  expiresAt?: number;
}

export class Credentials {
  private readonly tokenFile: WatchedFile | undefined;
  private readonly caFile: WatchedFile | undefined;
  private readonly certFile: WatchedFile | undefined;
  private readonly keyFile: WatchedFile | undefined;
  private exec: Promise<ExecResult> | undefined;
  private execResult: ExecResult | undefined;
  private tlsCache: { parts: string; tls: TlsIdentity } | undefined;
  private readonly decoded = new Decoded();

  constructor(
    readonly cluster: KubeCluster,
    readonly user: KubeUser | null,
    private readonly source: KubeConfigSource,
  ) {
    const provider = user?.authProvider as { name?: string; config?: { tokenFile?: string } } | undefined;
    const tokenFile = user?.tokenFile ?? (provider?.name === 'tokenFile' ? provider.config?.tokenFile : undefined);
    this.tokenFile = tokenFile ? new WatchedFile(tokenFile) : undefined;
    this.caFile = cluster.caFile ? new WatchedFile(cluster.caFile) : undefined;
    this.certFile = user?.certFile ? new WatchedFile(user.certFile) : undefined;
    this.keyFile = user?.keyFile ? new WatchedFile(user.keyFile) : undefined;
  }

  /** The headers and TLS identity for the next request. */
  async forRequest(): Promise<RequestCredentials> {
    const user = this.user;
    const headers: Record<string, string> = {};
    let exec: ExecResult | undefined;
    if (user?.exec) exec = await this.execCredential(user.exec);
    const token = exec?.token ?? this.tokenFile?.read().trim() ?? user?.token;
    if (token) headers.authorization = `Bearer ${token}`;
    else if (user?.username) {
      headers.authorization = `Basic ${Buffer.from(`${user.username}:${user.password ?? ''}`).toString('base64')}`;
    } else if (user?.authProvider && !this.tokenFile) Object.assign(headers, await this.providerHeaders());
    if (user?.impersonateUser) headers['impersonate-user'] = user.impersonateUser;
    return { headers, tls: this.tls(exec) };
  }

  /** The server refused the credentials (401): forget a cached exec credential. */
  unauthorized(): void {
    this.exec = undefined;
    this.execResult = undefined;
  }

  private tls(exec: ExecResult | undefined): TlsIdentity {
    const { cluster, user } = this;
    const ca = this.caFile?.read() ?? this.decoded.of(cluster.caData);
    const cert = exec?.cert ?? this.certFile?.read() ?? this.decoded.of(user?.certData);
    const key = exec?.key ?? this.keyFile?.read() ?? this.decoded.of(user?.keyData);
    const cached = this.tlsCache;
    // the same strings as last time (files are re-read only when they change): no copies, no hashing
    if (cached !== undefined && cached.tls.ca === ca && cached.tls.cert === cert && cached.tls.key === key) {
      return cached.tls;
    }
    const parts = `${ca}\0${cert}\0${key}`;
    if (cached?.parts === parts) return cached.tls;
    const tls: TlsIdentity = {
      ca,
      cert,
      key,
      rejectUnauthorized: cluster.skipTLSVerify ? false : undefined,
      servername: cluster.tlsServerName,
      digest: process
        .getBuiltinModule('node:crypto')
        .createHash('sha256')
        .update(`${parts}\0${cluster.skipTLSVerify}\0${cluster.tlsServerName ?? ''}`)
        .digest('hex'),
    };
    this.tlsCache = { parts, tls };
    return tls;
  }

  private execCredential(config: NonNullable<KubeUser['exec']>): Promise<ExecResult> {
    const cached = this.execResult;
    if (cached !== undefined && (cached.expiresAt === undefined || cached.expiresAt > Date.now())) {
      return Promise.resolve(cached);
    }
    this.exec ??= runExec(config, this.cluster).then(
      (result) => {
        this.execResult = result;
        this.exec = undefined;
        return result;
      },
      (err: unknown) => {
        this.exec = undefined;
        throw err;
      },
    );
    return this.exec;
  }

  /** An auth provider (oidc, azure, gcp, …): client-node knows them; load it only now. */
  private async providerHeaders(): Promise<Record<string, string>> {
    const { KubeConfig } = await import('@kubernetes/client-node');
    let kc = this.source as unknown as InstanceType<typeof KubeConfig>;
    if (typeof kc.applyToHTTPSOptions !== 'function') {
      kc = new KubeConfig();
      kc.loadFromClusterAndUser(this.cluster, this.user as KubeUser);
    }
    const options: { headers?: Record<string, string> } = {};
    await kc.applyToHTTPSOptions(options);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = String(value);
    return headers;
  }
}

/** Base64 kubeconfig data decoded once per distinct input (a request needs it every time). */
class Decoded {
  private readonly memo = new Map<string, string>();

  of(data: string | undefined): string | undefined {
    if (!data) return undefined;
    let text = this.memo.get(data);
    if (text === undefined) {
      text = Buffer.from(data, 'base64').toString('utf8');
      if (this.memo.size >= 8) this.memo.clear();
      this.memo.set(data, text);
    }
    return text;
  }
}

/** Runs an exec credential plugin and reads its `ExecCredential`. */
function runExec(config: NonNullable<KubeUser['exec']>, cluster: KubeCluster): Promise<ExecResult> {
  const apiVersion: string = config.apiVersion ?? 'client.authentication.k8s.io/v1';
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const { name, value } of (config.env ?? []) as { name: string; value: string }[]) env[name] = value;
  const spec: Record<string, unknown> = { interactive: false };
  if (config.provideClusterInfo) {
    spec.cluster = {
      server: cluster.server,
      'tls-server-name': cluster.tlsServerName,
      'insecure-skip-tls-verify': cluster.skipTLSVerify,
      'certificate-authority-data': cluster.caData,
    };
  }
  env.KUBERNETES_EXEC_INFO = JSON.stringify({ apiVersion, kind: 'ExecCredential', spec });
  return new Promise((resolve, reject) => {
    // node:child_process is loaded for an exec plugin only, not with the package
    process
      .getBuiltinModule('node:child_process')
      .execFile(config.command, config.args ?? [], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        if (err) {
          reject(
            new Error(`exec plugin ${config.command} failed: ${err.message}${stderr ? `: ${stderr.trim()}` : ''}`),
          );
          return;
        }
        try {
          const status = (JSON.parse(stdout) as { status?: Record<string, string> }).status ?? {};
          const expires = status.expirationTimestamp ? Date.parse(status.expirationTimestamp) : Number.NaN;
          resolve({
            token: status.token || undefined,
            cert: status.clientCertificateData || undefined,
            key: status.clientKeyData || undefined,
            expiresAt: Number.isNaN(expires) ? undefined : expires,
          });
        } catch (parseErr) {
          reject(new Error(`exec plugin ${config.command} printed no ExecCredential`, { cause: parseErr }));
        }
      });
  });
}
