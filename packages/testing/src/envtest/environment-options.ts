/**
 * What a test passes to `Environment`: CRDs to install, whether to run
 * kube-controller-manager, an existing cluster instead of new processes, where the binaries
 * are, timeouts, extra flags per process and a local webhook server to install.
 * @module
 */
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { Flags } from './flags.js';
import type { WebhookInstallOptions } from './webhooks.js';

export interface ControllerManagerOptions {
  /**
   * Controller names (`--controllers`); defaults to `DEFAULT_CONTROLLERS`. A suite that
   * writes Deployment status itself leaves the Deployment controller out:
   * `DEFAULT_CONTROLLERS.filter((c) => c !== 'deployment-controller')`.
   */
  controllers?: readonly string[];
  flags?: Flags;
}

export interface EnvironmentOptions {
  /** Folders or files of CRD manifests installed after start (envtest's `CRDDirectoryPaths`). */
  crdDirectoryPaths?: readonly string[];
  /** CRD objects installed after start (envtest's `CRDs`). */
  crds?: readonly V1CustomResourceDefinition[];
  /** Default true: a missing CRD path fails the start. */
  errorIfCrdPathMissing?: boolean;
  /** Delete the installed CRDs on stop (envtest's `CRDInstallOptions.CleanUpAfterUse`). */
  cleanUpCrdsAfterUse?: boolean;
  /**
   * Also run kube-controller-manager, with `DEFAULT_CONTROLLERS` when `true` (garbage
   * collector, namespace deletion, …; docs/testing.md lists them). Default false, as
   * controller-runtime's envtest, which runs none: then nothing but the test writes status.
   */
  controllerManager?: boolean | ControllerManagerOptions;
  /** Use the cluster of the current kubeconfig instead of starting one. Defaults to `USE_EXISTING_CLUSTER`. */
  useExistingCluster?: boolean;
  /** A folder holding the binaries, tried after `TEST_ASSET_*`. */
  binaryAssetsDirectory?: string;
  /** Per-process start timeout in ms. Defaults to `KUBEBUILDER_CONTROLPLANE_START_TIMEOUT`, else 60 s. */
  startTimeoutMs?: number;
  /** Per-process stop timeout in ms. Defaults to `KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT`, else 20 s. */
  stopTimeoutMs?: number;
  /** Copy process output to this process. Defaults to `KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT`. */
  attachControlPlaneOutput?: boolean;
  /**
   * Extra or overriding kube-apiserver flags; `null` removes a default. `feature-gates`
   * combine with `DEFAULT_FEATURE_GATES` gate by gate, the caller's value winning for a gate
   * both name (`'ShardedListAndWatch=false'` turns the default off; `null` drops them all).
   */
  apiServerFlags?: Flags;
  /** Extra or overriding etcd flags; `null` removes a default. */
  etcdFlags?: Flags;
  /** Environment to read settings from (defaults to `process.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * Webhook configurations to install pointing at a local webhook server, with a generated
   * CA and serving certificate; CRDs with a `Webhook` conversion are pointed at it too
   * (envtest's `WebhookInstallOptions`). Read `env.webhooks` for the port and cert folder.
   */
  webhookInstallOptions?: WebhookInstallOptions;
}
