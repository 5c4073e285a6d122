/**
 * Webhooks on the test control plane, as controller-runtime's envtest does
 * (`WebhookInstallOptions`, `ModifyConversionWebhooks`): a CA and a serving certificate for
 * the loopback host are written as `tls.crt`/`tls.key` into a folder the webhook server
 * reads; Mutating/ValidatingWebhookConfigurations (from files or objects) are pointed at
 * `https://127.0.0.1:<port><path>` with the CA as `caBundle` and installed; CRDs whose
 * conversion strategy is `Webhook` are pointed at `<same>/convert`.
 *
 * ```ts
 * const webhooks = new WebhookInstall({ paths: ['config/webhook'] });
 * await webhooks.setup();                                   // certs + port
 * const mgr = newManager({ kubeConfig, webhookServer: webhooks.serverOptions() });
 * await webhooks.install(kubeConfig);                       // configurations, pointing at it
 * ```
 * @module
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { isNotFound } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { type ResourceDescriptor, resourceType } from '@operant/core/resources';
import { type CertKeyPair, TinyCA } from './certs.js';
import { createOrReplace } from './create-or-replace.js';
import { EnvtestError } from './errors.js';
import { readManifests } from './manifests.js';
import { freePorts } from './ports.js';

type Kind = 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration';

/** A Mutating- or ValidatingWebhookConfiguration as plain JSON. */
export interface WebhookConfiguration {
  apiVersion?: string;
  kind?: Kind;
  metadata: { name: string; [key: string]: unknown };
  webhooks?: {
    name: string;
    clientConfig: {
      url?: string;
      caBundle?: string;
      service?: { name: string; namespace: string; path?: string; port?: number };
    };
    [key: string]: unknown;
  }[];
}

export interface WebhookInstallOptions {
  /** Files or folders (not recursive) of webhook configuration manifests (envtest's `Paths`). */
  paths?: readonly string[];
  mutatingWebhooks?: readonly WebhookConfiguration[];
  validatingWebhooks?: readonly WebhookConfiguration[];
  /** Default false: a missing path fails the install. */
  ignoreErrorIfPathMissing?: boolean;
  /** Default `127.0.0.1`. */
  localServingHost?: string;
  /** Default: a free port. */
  localServingPort?: number;
  /** Where `tls.crt` and `tls.key` are written. Default: a new temp folder, removed by `cleanup()`. */
  localServingCertDir?: string;
  /** How long to wait for the configurations to be visible. Default 10 s. */
  maxTimeMs?: number;
}

const types: Record<Kind, ResourceDescriptor<WebhookConfiguration>> = {
  MutatingWebhookConfiguration: resourceType({
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'MutatingWebhookConfiguration',
    plural: 'mutatingwebhookconfigurations',
    namespaced: false,
  }),
  ValidatingWebhookConfiguration: resourceType({
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'ValidatingWebhookConfiguration',
    plural: 'validatingwebhookconfigurations',
    namespaced: false,
  }),
};

const readConfigurations = (paths: readonly string[], ignoreMissing: boolean) =>
  readManifests<WebhookConfiguration>(paths, {
    kinds: new Set(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']),
    errorIfMissing: !ignoreMissing,
    errorKind: 'webhookInstall',
    what: 'webhook configurations',
  });

export class WebhookInstall {
  private ca: TinyCA | undefined;
  private serving: CertKeyPair | undefined;
  private ownCertDir = false;
  private installed: WebhookConfiguration[] = [];
  host: string;
  port = 0;
  certDir = '';

  constructor(readonly options: WebhookInstallOptions = {}) {
    this.host = options.localServingHost ?? '127.0.0.1';
  }

  /** The CA that signed the serving certificate (PEM), the `caBundle` of every configuration. */
  get caPem(): string {
    if (this.ca === undefined)
      throw new EnvtestError('notStarted', 'unable to read the webhook CA: call setup() first');
    return this.ca.certPem;
  }

  /** `https://host:port`, where the configurations send requests. */
  get url(): string {
    return `https://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}`;
  }

  /** Makes the CA, writes `tls.crt`/`tls.key` and picks the port (envtest's `setupCA`). */
  async setup(): Promise<void> {
    if (this.ca !== undefined) return;
    this.port = this.options.localServingPort ?? ((await freePorts(1))[0] as number);
    this.ownCertDir = this.options.localServingCertDir === undefined;
    this.certDir = this.options.localServingCertDir ?? (await mkdtemp(join(tmpdir(), 'operant-envtest-webhook-')));
    this.ca = await TinyCA.create('operant-envtest-webhook-ca');
    await this.rotateCertificate();
  }

  /** Writes a new serving certificate (same CA, new key) to the folder; returns it. */
  async rotateCertificate(): Promise<CertKeyPair> {
    if (this.ca === undefined)
      throw new EnvtestError('notStarted', 'unable to issue a certificate: call setup() first');
    const ip = /^[\d.]+$|:/.test(this.host);
    this.serving = await this.ca.issue({
      commonName: this.host,
      dnsNames: ip ? ['localhost'] : [this.host, 'localhost'],
      ipAddresses: ip ? [this.host] : ['127.0.0.1'],
      usage: 'server',
    });
    // key first: a watcher that sees the new certificate finds the key that matches it
    await writeFile(join(this.certDir, 'tls.key.new'), this.serving.keyPem, { mode: 0o600 });
    await writeFile(join(this.certDir, 'tls.crt.new'), this.serving.certPem);
    await rename(join(this.certDir, 'tls.key.new'), join(this.certDir, 'tls.key'));
    await rename(join(this.certDir, 'tls.crt.new'), join(this.certDir, 'tls.crt'));
    return this.serving;
  }

  /** Options for `@operant/core`'s `WebhookServer` (or the manager's `webhookServer`) that serve here. */
  serverOptions(): { host: string; port: number; certDir: string } {
    return { host: this.host, port: this.port, certDir: this.certDir };
  }

  /** The configuration pointed at the local server: every webhook's `url` and `caBundle`. */
  private pointed(config: WebhookConfiguration, kind: Kind): WebhookConfiguration {
    const caBundle = Buffer.from(this.caPem).toString('base64');
    return {
      ...structuredClone(config),
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind,
      webhooks: (config.webhooks ?? []).map((w) => {
        const path = w.clientConfig.service?.path ?? (w.clientConfig.url ? new URL(w.clientConfig.url).pathname : '/');
        return { ...structuredClone(w), clientConfig: { url: `${this.url}${path}`, caBundle } };
      }),
    };
  }

  /** CRDs with `spec.conversion.strategy: Webhook` pointed at `<url>/convert` (envtest's `ModifyConversionWebhooks`). */
  modifyConversionWebhooks<C extends V1CustomResourceDefinition>(crds: readonly C[]): C[] {
    const caBundle = Buffer.from(this.caPem).toString('base64');
    return crds.map((crd) => {
      if (crd.spec.conversion?.strategy !== 'Webhook') return crd;
      const copy = structuredClone(crd);
      copy.spec.conversion = {
        strategy: 'Webhook',
        webhook: {
          conversionReviewVersions: crd.spec.conversion.webhook?.conversionReviewVersions ?? ['v1'],
          clientConfig: { url: `${this.url}/convert`, caBundle: caBundle as never },
        },
      };
      return copy;
    });
  }

  /** Creates (or replaces) the configurations and waits until the API server returns them. */
  async install(kc: KubeConfig): Promise<WebhookConfiguration[]> {
    await this.setup();
    const configs = [
      ...(await readConfigurations(this.options.paths ?? [], this.options.ignoreErrorIfPathMissing ?? false)),
      ...(this.options.mutatingWebhooks ?? []).map((c) => ({ ...c, kind: 'MutatingWebhookConfiguration' as const })),
      ...(this.options.validatingWebhooks ?? []).map((c) => ({
        ...c,
        kind: 'ValidatingWebhookConfiguration' as const,
      })),
    ].map((c) => this.pointed(c, c.kind as Kind));
    const api = new ApiClient({ kubeConfig: kc });
    for (const config of configs) {
      try {
        await createOrReplace(api, config, types[config.kind as Kind]);
      } catch (err) {
        throw new EnvtestError(
          'webhookInstall',
          `unable to install ${config.kind} ${config.metadata.name}: ${(err as Error).message}`,
          { cause: err },
        );
      }
      this.installed.push(config);
    }
    const deadline = Date.now() + (this.options.maxTimeMs ?? 10_000);
    for (const config of configs) {
      while (true) {
        const found = await api
          .get(types[config.kind as Kind], { name: config.metadata.name })
          .catch((err: unknown) => {
            if (isNotFound(err)) return undefined;
            throw err;
          });
        if (found !== undefined) break;
        if (Date.now() > deadline)
          throw new EnvtestError(
            'webhookInstall',
            `unable to see ${config.kind} ${config.metadata.name} after install`,
          );
        await sleep(100);
      }
    }
    return configs;
  }

  /** Deletes what `install` created and the temp certificate folder. */
  async cleanup(kc?: KubeConfig): Promise<void> {
    if (kc !== undefined) {
      const api = new ApiClient({ kubeConfig: kc });
      for (const config of this.installed.splice(0)) {
        await api.delete(config as never).catch((err: unknown) => {
          if (!isNotFound(err)) throw err;
        });
      }
    }
    if (this.ownCertDir && this.certDir !== '') await rm(this.certDir, { recursive: true, force: true });
  }
}
