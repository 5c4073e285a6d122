/**
 * Operant's own kubeconfig: the `clusters`, `users` and `contexts` of a kubeconfig file
 * (JSON parsed as JSON, YAML with `yaml`), the in-cluster service account, and client-go's default chain
 * (`KUBECONFIG`, in-cluster, `~/.kube/config`). Its fields and getters have the shapes of
 * `@kubernetes/client-node`'s `KubeConfig`, so either can be handed to the runtime
 * (`KubeConfigSource`), and loading it does not load client-node's generated client.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import type * as Yaml from 'yaml';

// yaml (~70 modules) is loaded by the first kubeconfig read from YAML text: an operator that
// runs in-cluster (the service account, no file) never loads it, nor does one handed a JSON
// kubeconfig (`kubectl config view -o json`, envtest's), which JSON.parse reads as YAML would
const require = createRequire(import.meta.url);
const parse = (text: string): unknown => {
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      // YAML's flow mapping is not always JSON: yaml reads it
    }
  }
  return (require('yaml') as typeof Yaml).parse(text);
};

export interface KubeCluster {
  readonly name: string;
  readonly server: string;
  readonly caData?: string;
  caFile?: string;
  readonly tlsServerName?: string;
  readonly skipTLSVerify: boolean;
  readonly proxyUrl?: string;
}

/** An exec credential plugin (`users[].user.exec`). */
export interface ExecConfig {
  command: string;
  args?: string[];
  env?: { name: string; value: string }[];
  apiVersion?: string;
  interactiveMode?: string;
  provideClusterInfo?: boolean;
}

export interface KubeUser {
  readonly name: string;
  readonly certData?: string;
  certFile?: string;
  readonly keyData?: string;
  keyFile?: string;
  readonly token?: string;
  /** Re-read when the file changes (bound service-account tokens rotate). */
  readonly tokenFile?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the kubeconfig's free-form exec / auth-provider blocks
  readonly exec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  readonly authProvider?: any;
  readonly username?: string;
  readonly password?: string;
  readonly impersonateUser?: string;
}

export interface KubeContext {
  readonly name: string;
  readonly cluster: string;
  readonly user: string;
  readonly namespace?: string;
}

/** What the runtime reads from a kubeconfig: Operant's `KubeConfig` or client-node's. */
export interface KubeConfigSource {
  getCurrentCluster(): KubeCluster | null;
  getCurrentUser(): KubeUser | null;
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export class KubeConfig implements KubeConfigSource {
  clusters: KubeCluster[] = [];
  users: KubeUser[] = [];
  contexts: KubeContext[] = [];
  currentContext = '';

  loadFromString(text: string, baseDir?: string): void {
    // biome-ignore lint/suspicious/noExplicitAny: YAML of unknown shape, checked field by field
    const doc = (parse(text) ?? {}) as any;
    const abs = (p: string | undefined) =>
      p === undefined || baseDir === undefined || isAbsolute(p) ? p : join(baseDir, p);
    this.clusters = list(doc.clusters).map((e) => {
      const c = e.cluster ?? {};
      if (typeof c.server !== 'string') throw new Error(`unable to load kubeconfig: cluster ${e.name} has no server`);
      return {
        name: String(e.name),
        server: c.server,
        caData: c['certificate-authority-data'],
        caFile: abs(c['certificate-authority']),
        tlsServerName: c['tls-server-name'],
        skipTLSVerify: c['insecure-skip-tls-verify'] === true,
        proxyUrl: c['proxy-url'],
      };
    });
    this.users = list(doc.users).map((e) => {
      const u = e.user ?? {};
      // a relative command with a slash is relative to the kubeconfig's folder, as in client-go
      const command = u.exec?.command;
      const exec =
        u.exec === undefined
          ? undefined
          : { ...u.exec, command: String(command).includes('/') ? abs(command) : command };
      return {
        name: String(e.name),
        certData: u['client-certificate-data'],
        certFile: abs(u['client-certificate']),
        keyData: u['client-key-data'],
        keyFile: abs(u['client-key']),
        token: u.token,
        tokenFile: abs(u.tokenFile ?? u['token-file']),
        exec,
        authProvider: u['auth-provider'],
        username: u.username,
        password: u.password,
        impersonateUser: u.as,
      };
    });
    this.contexts = list(doc.contexts).map((e) => ({
      name: String(e.name),
      cluster: e.context?.cluster,
      user: e.context?.user,
      namespace: e.context?.namespace,
    }));
    this.currentContext = doc['current-context'] ?? '';
  }

  loadFromFile(path: string): void {
    this.loadFromString(readFileSync(path, 'utf8'), dirname(path));
  }

  /** The pod's service account: `KUBERNETES_SERVICE_HOST/PORT`, its CA, and its token file (re-read as it rotates). */
  loadFromCluster(dir = SERVICE_ACCOUNT_DIR): void {
    const host = process.env.KUBERNETES_SERVICE_HOST ?? '';
    const port = process.env.KUBERNETES_SERVICE_PORT ?? '443';
    const namespaceFile = join(dir, 'namespace');
    this.clusters = [
      {
        name: 'inCluster',
        server: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
        caFile: join(dir, 'ca.crt'),
        skipTLSVerify: false,
      },
    ];
    this.users = [{ name: 'inClusterUser', tokenFile: join(dir, 'token') }];
    this.contexts = [
      {
        name: 'inClusterContext',
        cluster: 'inCluster',
        user: 'inClusterUser',
        namespace: existsSync(namespaceFile) ? readFileSync(namespaceFile, 'utf8').trim() : undefined,
      },
    ];
    this.currentContext = 'inClusterContext';
  }

  /** client-go's chain: the files of `KUBECONFIG` (first wins), else in-cluster, else `~/.kube/config`. */
  loadFromDefault(): void {
    const files = (process.env.KUBECONFIG ?? '').split(delimiter).filter((f) => f !== '' && existsSync(f));
    if (files.length > 0) {
      for (const file of files) this.merge(file);
      return;
    }
    if (process.env.KUBERNETES_SERVICE_HOST && existsSync(join(SERVICE_ACCOUNT_DIR, 'token'))) {
      this.loadFromCluster();
      return;
    }
    const home = join(homedir(), '.kube', 'config');
    if (existsSync(home)) {
      this.loadFromFile(home);
      return;
    }
    throw new Error('unable to load a kubeconfig: no KUBECONFIG, in-cluster service account or ~/.kube/config');
  }

  getContextObject(name: string): KubeContext | null {
    return this.contexts.find((c) => c.name === name) ?? null;
  }

  getCurrentContext(): string {
    return this.currentContext;
  }

  setCurrentContext(name: string): void {
    this.currentContext = name;
  }

  getCurrentCluster(): KubeCluster | null {
    const context = this.getContextObject(this.currentContext);
    return context === null ? null : (this.clusters.find((c) => c.name === context.cluster) ?? null);
  }

  getCurrentUser(): KubeUser | null {
    const context = this.getContextObject(this.currentContext);
    return context === null ? null : (this.users.find((u) => u.name === context.user) ?? null);
  }

  private merge(file: string): void {
    const next = new KubeConfig();
    next.loadFromFile(file);
    const add = <T extends { name: string }>(into: T[], from: T[]) => {
      for (const item of from) if (!into.some((i) => i.name === item.name)) into.push(item);
    };
    add(this.clusters, next.clusters);
    add(this.users, next.users);
    add(this.contexts, next.contexts);
    if (this.currentContext === '') this.currentContext = next.currentContext;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: YAML list entries
function list(value: unknown): any[] {
  return Array.isArray(value) ? value.filter((e) => e !== null && typeof e === 'object' && e.name !== undefined) : [];
}
