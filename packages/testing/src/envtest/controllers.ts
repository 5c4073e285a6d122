/**
 * The kube-controller-manager controllers envtest knows: what each one does to a test's
 * objects, and the set it runs by default (`DEFAULT_CONTROLLERS`, `--controllers`).
 *
 * The default is the API's own bookkeeping (cascades, namespace deletion, what every
 * namespace holds) and the Deployment/ReplicaSet/StatefulSet chain operators own. The Job
 * controllers are left out: no Pod ever runs here, so a test drives a Job by writing its
 * `status` itself, and the job controller would rewrite that status from the Pods it made.
 *
 * `scripts/envtest-controllers.mjs` writes docs/testing.md's table from this file and
 * checks it (`pnpm run docs:check`, `controllers.spec.ts`): keep it free of imports, the
 * script loads it as it is.
 * @module
 */

/** What each controller envtest can run does for a test, by its `--controllers` name. */
export const CONTROLLER_EFFECTS: Readonly<Record<string, string>> = {
  'garbage-collector-controller':
    'deletes objects whose owners are gone (`ownerReferences` cascades, `propagationPolicy`): owned objects go with their owner',
  'namespace-controller': 'empties a deleted namespace and removes it; without it the namespace stays `Terminating`',
  'serviceaccount-controller': 'creates the `default` ServiceAccount of every namespace',
  'root-ca-certificate-publisher-controller':
    'writes the `kube-root-ca.crt` ConfigMap into every namespace (a list of ConfigMaps sees it)',
  'deployment-controller': 'makes ReplicaSets for Deployments and writes their `status` (replicas, conditions)',
  'replicaset-controller':
    'makes Pods for ReplicaSets (they stay `Pending`: no scheduler, no kubelet) and writes their `status`',
  'statefulset-controller': 'makes Pods for StatefulSets and writes their `status`',
  'daemonset-controller': 'writes the `status` of DaemonSets (no nodes, so no Pods)',
  'endpointslice-controller': 'makes EndpointSlices for Services with a selector (no endpoint is ever ready)',
  'job-controller':
    'makes Pods for Jobs and rewrites Job `status` from them: a status the test writes conflicts or is undone',
  'cronjob-controller': 'creates Jobs from CronJobs on their schedule and writes CronJob `status`',
  'ttl-after-finished-controller': 'deletes finished Jobs once `ttlSecondsAfterFinished` has passed',
  'storage-version-migrator-controller':
    'runs `StorageVersionMigration`s (`operant migrate-storage`); needs `garbage-collector-controller` too',
};

/**
 * The controllers kube-controller-manager runs when enabled without `controllers`:
 * garbage collection, namespace deletion, each namespace's `default` ServiceAccount and
 * `kube-root-ca.crt`, and the Deployment, ReplicaSet, StatefulSet, DaemonSet and
 * EndpointSlice controllers; not the Job, CronJob and TTL-after-finished controllers.
 */
export const DEFAULT_CONTROLLERS: readonly string[] = [
  'garbage-collector-controller',
  'namespace-controller',
  'serviceaccount-controller',
  'root-ca-certificate-publisher-controller',
  'deployment-controller',
  'replicaset-controller',
  'statefulset-controller',
  'daemonset-controller',
  'endpointslice-controller',
];
