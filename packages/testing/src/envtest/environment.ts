/**
 * The test control plane: a real etcd and kube-apiserver (and optionally
 * kube-controller-manager) on free 127.0.0.1 ports in a temp folder, with RBAC on and an
 * admin user — controller-runtime's envtest for TypeScript. With `USE_EXISTING_CLUSTER=true`
 * (or `useExistingCluster`) nothing is started and the current kubeconfig is used.
 * `Environment` owns the lifecycle — certificates, start with retries on a taken port, CRD
 * and webhook install, users, restart, stop; the processes' flags are in `api-server.ts`
 * and `controller-manager.ts`, the options in `environment-options.ts`.
 *
 * ```ts
 * const env = new Environment({ crdDirectoryPaths: ['config/crd'] });
 * const kc = await env.start();   // a KubeConfig of @kubernetes/client-node
 * ...
 * await env.stop();
 * ```
 * @module
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { nodeVersionProblem } from '@operant/core/api';
import { startEtcdAndApiServer } from './api-server.js';
import { type BinaryName, resolveBinaries } from './binaries.js';
import { serviceAccountSigningKey, TinyCA } from './certs.js';
import { startControllerManager } from './controller-manager.js';
import { type CrdInstallOptions, installCrds, uninstallCrds } from './crds.js';
import { durationFromEnv } from './duration.js';
import type { ControllerManagerOptions, EnvironmentOptions } from './environment-options.js';
import { EnvtestError } from './errors.js';
import { buildKubeConfig, writeKubeConfigFile } from './kubeconfig.js';
import { ControlPlaneProcess } from './process.js';
import { type StartedControlPlane, waitForApiServer } from './started-control-plane.js';
import { WebhookInstall } from './webhooks.js';

/** A user of the test control plane: its name, groups and ready-to-use KubeConfig. */
export interface EnvtestUser {
  name: string;
  groups: readonly string[];
  kubeConfig: KubeConfig;
}

const START_ATTEMPTS = 5;
const portInUse = /address already in use|bind: address/i;

export class Environment {
  private readonly options: EnvironmentOptions;
  private readonly env: NodeJS.ProcessEnv;
  private started: StartedControlPlane | undefined;
  private admin: KubeConfig | undefined;
  private installed: V1CustomResourceDefinition[] = [];
  private stopping: Promise<void> | undefined;
  /** The local webhook serving setup, when `webhookInstallOptions` was given. */
  readonly webhooks: WebhookInstall | undefined;

  constructor(options: EnvironmentOptions = {}) {
    this.options = options;
    this.env = options.env ?? process.env;
    this.webhooks = options.webhookInstallOptions && new WebhookInstall(options.webhookInstallOptions);
  }

  /** True when this environment talks to an existing cluster instead of its own processes. */
  get usesExistingCluster(): boolean {
    return this.options.useExistingCluster ?? this.env.USE_EXISTING_CLUSTER === 'true';
  }

  private get startTimeoutMs(): number {
    return this.options.startTimeoutMs ?? durationFromEnv(this.env, 'KUBEBUILDER_CONTROLPLANE_START_TIMEOUT', 60_000);
  }

  private get stopTimeoutMs(): number {
    return this.options.stopTimeoutMs ?? durationFromEnv(this.env, 'KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT', 20_000);
  }

  private get attachOutput(): boolean {
    return this.options.attachControlPlaneOutput ?? this.env.KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT === 'true';
  }

  private get controllerManager(): ControllerManagerOptions | undefined {
    const option = this.options.controllerManager;
    if (option === undefined || option === false) return undefined;
    return option === true ? {} : option;
  }

  /** Starts the control plane (or connects to the existing cluster), installs CRDs, returns the admin KubeConfig. */
  async start(): Promise<KubeConfig> {
    const tooOld = nodeVersionProblem();
    if (tooOld !== undefined) throw new EnvtestError('invalidConfig', tooOld);
    if (this.stopping !== undefined) {
      throw new EnvtestError(
        'stopped',
        'unable to start the control plane: this Environment was stopped; create a new one',
      );
    }
    if (this.admin !== undefined) return this.admin;
    const timeout = this.startTimeoutMs; // parse settings before starting anything
    if (this.usesExistingCluster) {
      const kc = new KubeConfig();
      // `env` given explicitly: honour its KUBECONFIG; otherwise client-node's default chain
      // (KUBECONFIG with several files, in-cluster, ~/.kube/config)
      const file = this.options.env?.KUBECONFIG?.split(':')[0];
      if (file) kc.loadFromFile(file);
      else kc.loadFromDefault();
      this.admin = kc;
    } else {
      await this.startProcesses(timeout);
    }
    try {
      const webhooks = this.webhooks;
      await webhooks?.setup();
      await this.installCrds({
        paths: this.options.crdDirectoryPaths ?? [],
        objects: this.options.crds ?? [],
        errorIfPathMissing: this.options.errorIfCrdPathMissing ?? true,
        modify: webhooks && ((crds) => webhooks.modifyConversionWebhooks(crds)),
      });
      await webhooks?.install(this.admin as KubeConfig);
      // with kube-controller-manager, CRDs go in first: its garbage collector rereads discovery only every 30 s
      if (this.started !== undefined && this.controllerManager !== undefined) {
        await this.startControllerManager(this.started, timeout);
      }
    } catch (err) {
      await this.stop();
      throw err;
    }
    return this.admin as KubeConfig;
  }

  /** The admin KubeConfig (user `admin`, group `system:masters`). */
  kubeConfig(): KubeConfig {
    if (this.admin === undefined)
      throw new EnvtestError('notStarted', 'unable to get a KubeConfig: call start() first');
    return this.admin;
  }

  /** The API server URL. */
  get server(): string {
    return this.kubeConfig().getCurrentCluster()?.server as string;
  }

  /** The pids of the processes this environment started, by name. */
  pids(): Record<string, number> {
    const pids: Record<string, number> = {};
    for (const p of this.started?.processes ?? []) if (p.pid !== undefined) pids[p.name] = p.pid;
    return pids;
  }

  /** The folder that holds data, certificates, logs and kubeconfigs; removed on stop. */
  get directory(): string | undefined {
    return this.started?.dir;
  }

  /** Writes the admin (or a given) KubeConfig as a kubeconfig file; defaults to `<dir>/admin.kubeconfig`. */
  async writeKubeconfig(path?: string, kc: KubeConfig = this.kubeConfig()): Promise<string> {
    const target = path ?? (this.started ? join(this.started.dir, 'admin.kubeconfig') : undefined);
    if (target === undefined) {
      throw new EnvtestError('invalidConfig', 'unable to write a kubeconfig for an existing cluster without a path');
    }
    return writeKubeConfigFile(kc, target);
  }

  /**
   * Provisions a user authenticated by a client certificate (`CN=name`, `O=group` per
   * group) and returns it with its KubeConfig. It has no permissions until RBAC grants them.
   */
  async addUser(name: string, groups: readonly string[] = []): Promise<EnvtestUser> {
    const started = this.started;
    if (started === undefined) {
      throw new EnvtestError(
        'notStarted',
        `unable to add user ${name}: ${this.usesExistingCluster ? 'not supported with an existing cluster' : 'call start() first'}`,
      );
    }
    const pair = await started.clientCa.issue({ commonName: name, organizations: groups, usage: 'client' });
    const kubeConfig = buildKubeConfig(started.server, started.servingCaPem, { name, ...pair });
    return { name, groups: [...groups], kubeConfig };
  }

  /** Installs CRDs from files, folders or objects and waits until they are served. */
  async installCrds(options: CrdInstallOptions): Promise<V1CustomResourceDefinition[]> {
    const crds = await installCrds(this.kubeConfig(), options);
    this.installed.push(...crds);
    return crds;
  }

  /**
   * Stops kube-apiserver and starts it again with the same flags and port on the same etcd
   * (stored objects survive), resolving once it is ready again. For tests of watch and
   * reconnect behaviour: clients see connection errors meanwhile. `whileStopped` runs after
   * the stop and before the start.
   */
  async restartApiServer(whileStopped?: () => Promise<void>): Promise<void> {
    const started = this.started;
    const index = started?.processes.findIndex((p) => p.name === 'kube-apiserver') ?? -1;
    if (started === undefined || started.admin === undefined || index < 0) {
      throw new EnvtestError('notStarted', 'unable to restart kube-apiserver: this environment did not start one');
    }
    const old = started.processes[index] as ControlPlaneProcess;
    await old.stop(this.stopTimeoutMs);
    await whileStopped?.();
    const next = new ControlPlaneProcess(old.options);
    started.processes[index] = next;
    next.start();
    await waitForApiServer(started, next, started.admin, '/readyz', this.startTimeoutMs);
  }

  /** Stops every process this environment started and removes its folder. Safe to call twice. */
  stop(): Promise<void> {
    this.stopping ??= this.stopOnce();
    return this.stopping;
  }

  private async stopOnce(): Promise<void> {
    const errors: unknown[] = [];
    await this.webhooks
      ?.cleanup(this.usesExistingCluster ? this.admin : undefined)
      .catch((err: unknown) => errors.push(err));
    if (this.options.cleanUpCrdsAfterUse && this.admin !== undefined && this.installed.length > 0) {
      await uninstallCrds(this.admin, this.installed).catch((err: unknown) => errors.push(err));
    }
    const started = this.started;
    if (started !== undefined) {
      // reverse start order: kube-controller-manager, kube-apiserver, etcd
      for (const p of [...started.processes].reverse()) {
        await p.stop(this.stopTimeoutMs).catch((err: unknown) => errors.push(err));
      }
      await rm(started.dir, { recursive: true, force: true }).catch((err: unknown) => errors.push(err));
    }
    if (errors.length > 0) {
      throw new EnvtestError('stopFailed', 'unable to stop the control plane cleanly', {
        cause: new AggregateError(errors),
      });
    }
  }

  private binaryNames(): BinaryName[] {
    const names: BinaryName[] = ['etcd', 'kube-apiserver'];
    if (this.controllerManager !== undefined) names.push('kube-controller-manager');
    return names;
  }

  private async startProcesses(timeout: number): Promise<void> {
    const binaries = resolveBinaries(this.binaryNames(), {
      binaryAssetsDirectory: this.options.binaryAssetsDirectory,
      env: this.env,
    });
    const dir = await mkdtemp(join(tmpdir(), 'operant-envtest-'));
    try {
      const servingCa = await TinyCA.create('operant-envtest-serving-ca');
      const clientCa = await TinyCA.create('operant-envtest-client-ca');
      const started: StartedControlPlane = {
        dir,
        processes: [],
        server: '',
        servingCaPem: servingCa.certPem,
        clientCa,
      };
      this.started = started;
      const serving = await servingCa.issue({
        commonName: 'localhost',
        dnsNames: ['localhost'],
        ipAddresses: ['127.0.0.1'],
        usage: 'server',
      });
      await Promise.all([
        writeFile(join(dir, 'serving-ca.crt'), servingCa.certPem),
        writeFile(join(dir, 'apiserver.crt'), serving.certPem),
        writeFile(join(dir, 'apiserver.key'), serving.keyPem, { mode: 0o600 }),
        writeFile(join(dir, 'client-ca.crt'), clientCa.certPem),
        writeFile(join(dir, 'sa.key'), serviceAccountSigningKey(), { mode: 0o600 }),
      ]);
      const admin = await clientCa.issue({ commonName: 'admin', organizations: ['system:masters'], usage: 'client' });
      started.admin = admin;
      for (let attempt = 1; ; attempt++) {
        try {
          await startEtcdAndApiServer(started, binaries, admin, timeout, this.options, this.attachOutput);
          break;
        } catch (err) {
          const retry = attempt < START_ATTEMPTS && started.processes.some((p) => portInUse.test(p.tail()));
          for (const p of started.processes.reverse()) await p.stop(this.stopTimeoutMs);
          started.processes = [];
          if (!retry) throw err;
        }
      }
      this.admin = buildKubeConfig(started.server, started.servingCaPem, { name: 'admin', ...admin });
      await writeKubeConfigFile(this.admin, join(dir, 'admin.kubeconfig'));
      const apiServer = started.processes.find((p) => p.name === 'kube-apiserver') as ControlPlaneProcess;
      await waitForApiServer(started, apiServer, admin, '/api/v1/namespaces/default', timeout, 50);
    } catch (err) {
      if (this.started === undefined) await rm(dir, { recursive: true, force: true });
      await this.stop().catch(() => undefined);
      throw err;
    }
  }

  private async startControllerManager(started: StartedControlPlane, timeout: number): Promise<void> {
    const options = this.controllerManager ?? {};
    const binaries = resolveBinaries(['kube-controller-manager'], {
      binaryAssetsDirectory: this.options.binaryAssetsDirectory,
      env: this.env,
    });
    const binary = binaries['kube-controller-manager'] as string;
    await startControllerManager(started, binary, options, timeout, this.attachOutput);
  }
}

/** Starts a new `Environment` and returns it once its control plane is ready. */
export async function startControlPlane(options: EnvironmentOptions = {}): Promise<Environment> {
  const env = new Environment(options);
  await env.start();
  return env;
}
