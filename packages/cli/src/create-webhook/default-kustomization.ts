/**
 * The edit `create webhook` makes to `config/default/kustomization.yaml`, as kubebuilder's
 * `[WEBHOOK]` and `[CERTMANAGER]` sections: `../webhook` and `../certmanager` among the
 * resources, the manager's webhook patch, and the replacements that write the webhook
 * Service's name and namespace into the Certificate's DNS names and the Certificate's
 * `namespace/name` into the `cert-manager.io/inject-ca-from` annotation of each webhook
 * configuration and of a CRD with a conversion webhook (cert-manager's CA injector then
 * fills `caBundle`). Pure, idempotent, and it
 * keeps the file's comments.
 * @module
 */
import { isMap, isSeq, parseDocument, YAMLSeq } from 'yaml';
import { CliError } from '../errors.js';

const FILE = 'config/default/kustomization.yaml';

const service = (fieldPath: string) => ({ kind: 'Service', version: 'v1', name: 'webhook-service', fieldPath });
const certificate = (fieldPath: string) => ({
  kind: 'Certificate',
  group: 'cert-manager.io',
  version: 'v1',
  name: 'serving-cert',
  fieldPath,
});

/** `index` of the `.`-separated DNS names, from the webhook Service. */
const dnsNames = (fieldPath: string, index: number) => ({
  source: service(fieldPath),
  targets: [
    {
      select: { kind: 'Certificate', group: 'cert-manager.io', version: 'v1', name: 'serving-cert' },
      fieldPaths: ['.spec.dnsNames.0', '.spec.dnsNames.1'],
      options: { delimiter: '.', index, create: true },
    },
  ],
});

/** `index` of the `/`-separated `inject-ca-from` annotation of the selected objects, from the Certificate. */
const injectCa = (select: { kind: string; name?: string }, fieldPath: string, index: number) => ({
  source: certificate(fieldPath),
  targets: [
    {
      select,
      fieldPaths: ['.metadata.annotations.[cert-manager.io/inject-ca-from]'],
      options: { delimiter: '/', index, create: true },
    },
  ],
});

/** Which objects need the CA: the configurations there are, and CRDs (by name) with a conversion webhook. */
export interface CaTargets {
  mutating: boolean;
  validating: boolean;
  /** `cronjobs.batch.example.com` */
  conversionCrd?: string;
}

export function webhookReplacements(targets: CaTargets): object[] {
  const selects = [
    ...(targets.mutating ? [{ kind: 'MutatingWebhookConfiguration' }] : []),
    ...(targets.validating ? [{ kind: 'ValidatingWebhookConfiguration' }] : []),
    ...(targets.conversionCrd ? [{ kind: 'CustomResourceDefinition', name: targets.conversionCrd }] : []),
  ];
  return [
    dnsNames('.metadata.name', 0),
    dnsNames('.metadata.namespace', 1),
    ...selects.flatMap((select) => [injectCa(select, '.metadata.namespace', 0), injectCa(select, '.metadata.name', 1)]),
  ];
}

function list(doc: ReturnType<typeof parseDocument>, key: string): YAMLSeq {
  const current = doc.get(key);
  if (current !== undefined && current !== null && !isSeq(current)) {
    throw new CliError('config', `unable to add the webhooks to ${FILE}: its "${key}" is not a list`);
  }
  const seq = isSeq(current) ? current : new YAMLSeq();
  seq.flow = false;
  doc.set(key, seq);
  return seq;
}

const json = (node: unknown) => JSON.stringify((node as { toJSON?: () => unknown }).toJSON?.() ?? node);

/** Adds what serves the webhooks (only what is missing) to config/default's kustomization. */
export function addWebhooksToDefault(source: string, targets: CaTargets): string {
  const doc = parseDocument(source);
  if (!isMap(doc.contents)) throw new CliError('config', `unable to add the webhooks to ${FILE}: it is not a mapping`);
  const resources = list(doc, 'resources');
  for (const path of ['../webhook', '../certmanager']) {
    if (!resources.items.some((item) => json(item) === JSON.stringify(path))) resources.add(doc.createNode(path));
  }
  const patches = list(doc, 'patches');
  const patch = { path: 'manager_webhook_patch.yaml', target: { kind: 'Deployment' } };
  if (!patches.items.some((item) => json(item) === JSON.stringify(patch))) patches.add(doc.createNode(patch));
  const replacements = list(doc, 'replacements');
  for (const replacement of webhookReplacements(targets)) {
    if (!replacements.items.some((item) => json(item) === JSON.stringify(replacement))) {
      replacements.add(doc.createNode(replacement));
    }
  }
  return doc.toString();
}
