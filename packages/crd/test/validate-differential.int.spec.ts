// The differential test of "one source, two enforcers": a corpus of objects, valid and
// invalid on each rule the test CRDs use (Widget, Gadget, Specimen, and Runner, made of
// Kubernetes API types), each checked by
// validate() and by the real API server (create, or update of a stored object, with
// dryRun=All), asserting the same accept/refuse verdict and, where both refuse, a common
// field path. It prints the corpus size and the agreement.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiException, CustomObjectsApi, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { buildCrds, validate } from '@operant/crd/schema';
import { eventually, installCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { formatCases } from './fixtures/format-cases.js';
import { Gadget } from './fixtures/gadget.js';
import { RatchetLoose, RatchetStrict } from './fixtures/ratchet.js';
import { Runner, validRunnerSpec } from './fixtures/runner.js';
import { Specimen } from './fixtures/specimen.js';
import { validWidgetSpec, Widget } from './fixtures/widget.js';

type Json = Record<string, unknown>;
type Kind = 'widgets' | 'gadgets' | 'specimens' | 'runners';
const types = { widgets: Widget, gadgets: Gadget, specimens: Specimen, runners: Runner };
const kinds = { widgets: 'Widget', gadgets: 'Gadget', specimens: 'Specimen', runners: 'Runner' };

interface Case {
  name: string;
  plural: Kind;
  spec: Json | undefined;
  /** The stored object's spec: the case is an update of it. */
  old?: Json;
}

const widget: Json = validWidgetSpec;
const gadget: Json = { enabled: true, owner: 'ops@example.com', endpoints: { a: { host: 'a.example', port: 443 } } };
const specimen: Json = {
  ids: [1, 2],
  members: [{ team: 'a', name: 'x' }],
  stages: [{ name: 'build', image: 'node:24' }],
  homepage: 'https://example.com/docs',
  address: '10.0.0.1',
  host: 'example.com',
  count: 5,
  storage: '1Gi',
  template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } },
  size: 3,
};

const w = (name: string, change: Json, old?: Json): Case => ({
  name: `Widget: ${name}`,
  plural: 'widgets',
  spec: { ...widget, ...change },
  ...(old === undefined ? {} : { old: { ...widget, ...old } }),
});
const g = (name: string, change: Json): Case => ({
  name: `Gadget: ${name}`,
  plural: 'gadgets',
  spec: { ...gadget, ...change },
});
const s = (name: string, change: Json, old?: Json): Case => ({
  name: `Specimen: ${name}`,
  plural: 'specimens',
  spec: { ...specimen, ...change },
  ...(old === undefined ? {} : { old: { ...specimen, ...old } }),
});
/** A Runner (Kubernetes types embedded) whose valid spec `change` edits in place. */
// biome-ignore lint/suspicious/noExplicitAny: a free-form edit deep inside a JSON object
const r = (name: string, change: (spec: any) => void): Case => {
  const spec = structuredClone(validRunnerSpec) as Json;
  change(spec);
  return { name: `Runner: ${name}`, plural: 'runners', spec };
};
/** `date-time` → `dateTime`: the Formats property of a format. */
const formatField = (format: string) => format.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const without = (spec: Json, key: string): Json => Object.fromEntries(Object.entries(spec).filter(([k]) => k !== key));

const corpus: Case[] = [
  // the decorators of the test CRDs
  w('valid', {}),
  w('below minimum', { replicas: 0 }),
  w('above maximum', { replicas: 11 }),
  w('pattern mismatch', { image: 'NGINX!' }),
  w('string enum', { tier: 'gold' }),
  w('numeric enum', { priority: 3 }),
  { name: 'Widget: missing required', plural: 'widgets', spec: without(widget, 'image') },
  w('wrong type', { tier: 5 }),
  w('wrong type in an array item', { ports: [{ name: 'http', port: 'eighty' }] }),
  w('nested pattern mismatch', { ports: [{ name: 'HTTP', port: 80 }] }),
  w('too many items', { tags: ['a', 'b', 'c', 'd'] }),
  w('CEL rule broken', { autoscaling: { minReplicas: 6, maxReplicas: 5 } }),
  { name: 'Widget: missing spec', plural: 'widgets', spec: undefined },
  w('array where an object belongs', { autoscaling: [{ minReplicas: 1, maxReplicas: 2 }] }),
  w('a map value of the wrong type', { labels: { app: 5 } }),
  w('a map value that is an object', { labels: { app: { name: 'web' } } }),
  s('a set item of the wrong type', { ids: [1, 'two'] }),
  g('valid', {}),
  g('exclusive minimum in a map value', { endpoints: { a: { host: 'a', port: 0 } } }),
  g('type-level CEL rule broken', { owner: undefined }),
  g('too many map entries', { endpoints: Object.fromEntries([...'abcde'].map((k) => [k, { host: 'h', port: 1 }])) }),
  g('nullable null', { note: null }),
  // list types
  w('set: duplicate item', { tags: ['a', 'a'] }),
  w('map: duplicate key', {
    ports: [
      { name: 'http', port: 80 },
      { name: 'http', port: 81 },
    ],
  }),
  w('map: distinct keys', {
    ports: [
      { name: 'http', port: 80 },
      { name: 'https', port: 443 },
    ],
  }),
  s('set of integers: duplicate', { ids: [1, 1] }),
  s('set of integers: two duplicates', { ids: [1, 2, 1, 2] }),
  s('map with two keys: duplicate tuple', {
    members: [
      { team: 'a', name: 'x' },
      { team: 'a', name: 'x', role: 'r' },
    ],
  }),
  s('map with two keys: one key shared', {
    members: [
      { team: 'a', name: 'x' },
      { team: 'a', name: 'y' },
    ],
  }),
  // int-or-string and Quantity
  w('int-or-string: true', { maxUnavailable: true }),
  w('int-or-string: a fraction', { maxUnavailable: 1.5 }),
  w('int-or-string: an integer', { maxUnavailable: 3 }),
  w('Quantity: "lots"', { resources: { cpu: 'lots' } }),
  w('Quantity: an integer', { resources: { cpu: 2 } }),
  w('Quantity: "1.5Gi"', { resources: { memory: '1.5Gi' } }),
  s('Quantity: true', { storage: true }),
  s('Quantity: "1e3"', { storage: '1e3' }),
  // embedded resources
  g('embedded: valid', { template: { apiVersion: 'v1', kind: 'Pod' } }),
  g('embedded: without kind', { template: { apiVersion: 'v1' } }),
  g('embedded: without apiVersion', { template: { kind: 'Pod' } }),
  g('embedded: a name with a slash', { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a/b' } } }),
  g('embedded: a bad label key', { template: { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { 'a b': 'x' } } } }),
  g('embedded: a bad apiVersion', { template: { apiVersion: 'a/b/c', kind: 'Pod' } }),
  s('embedded: without kind', { template: { apiVersion: 'v1', metadata: { name: 'cm' } } }),
  // formats, as Go checks them
  g('email: a display name', { owner: 'Ops <ops@example.com>' }),
  g('email: no top-level domain', { owner: 'ops@example' }),
  g('email: not an address', { owner: 'not-an-email' }),
  g('uuid4: upper case', { serial: 'A987FBC9-4BED-4078-8F07-9141BA07C9F3' }),
  g('uuid4: without hyphens', { serial: 'a987fbc94bed40788f079141ba07c9f3' }),
  g('uuid4: not a UUID', { serial: 'nope' }),
  g('date-time: fractions and an offset', { notAfter: '2026-12-04T10:00:00.123456789+01:00' }),
  g('date-time: a space for T', { notAfter: '2026-12-04 10:00:00Z' }),
  g('date-time: February 30', { notAfter: '2026-02-30T00:00:00Z' }),
  s('uri: an absolute path', { homepage: '/relative/path' }),
  s('uri: mailto', { homepage: 'mailto:ops@example.com' }),
  s('uri: words', { homepage: 'not a url' }),
  s('ipv4: leading zeros', { address: '010.0.0.1' }),
  s('ipv4: out of range', { address: '300.1.1.1' }),
  s('hostname: one label', { host: 'localhost' }),
  s('hostname: a space', { host: 'exa mple.com' }),
  s('int32: above the range', { count: 5_000_000_000 }),
  s('int32: the lowest value', { count: -2_147_483_648 }),
  // every format case of formats.spec.ts, in the field of that format
  ...formatCases.map(([format, value]) =>
    s(`format ${format}: ${JSON.stringify(value)}`, { formats: { [formatField(format)]: value } }),
  ),
  // Kubernetes types embedded with @KubernetesType
  r('valid', () => {}),
  r('pod template: containers not a list', (x) => {
    x.template.spec.containers = 'not-a-list';
  }),
  r('pod template: a port number as a string', (x) => {
    x.template.spec.containers[0].ports[0].containerPort = '8080';
  }),
  r('pod template: a container without a name', (x) => {
    delete x.template.spec.containers[0].name;
  }),
  r('pod template: null for the template', (x) => {
    x.template = null;
  }),
  r('pod template: null for containers', (x) => {
    x.template.spec.containers = null;
  }),
  r('pod template: null for a container name', (x) => {
    x.template.spec.containers[0].name = null;
  }),
  r('pod template: null for an optional field', (x) => {
    x.template.spec.restartPolicy = null;
  }),
  r('pod template: no containers', (x) => {
    x.template.spec = { restartPolicy: 'Always' };
  }),
  r('pod template: runAsUser as a string', (x) => {
    x.template.spec.containers[0].securityContext.runAsUser = 'root';
  }),
  r('pod template: a secretKeyRef without key', (x) => {
    delete x.template.spec.containers[0].env[1].valueFrom.secretKeyRef.key;
  }),
  r('pod template: a bad quantity', (x) => {
    x.template.spec.containers[0].resources.limits.cpu = 'lots';
  }),
  r('pod template: a quantity with a comma', (x) => {
    x.template.spec.containers[0].resources.requests.memory = '1,5Gi';
  }),
  r('pod template: probe port true (int-or-string)', (x) => {
    x.template.spec.containers[0].livenessProbe.httpGet.port = true;
  }),
  r('pod template: probe port an object (int-or-string)', (x) => {
    x.template.spec.containers[0].readinessProbe.tcpSocket.port = { number: 80 };
  }),
  r('pod template: same port twice once protocol is defaulted', (x) => {
    x.template.spec.containers[0].ports = [{ containerPort: 80 }, { containerPort: 80, protocol: 'TCP' }];
  }),
  r('pod template: same port, other protocol', (x) => {
    x.template.spec.containers[0].ports = [{ containerPort: 80 }, { containerPort: 80, protocol: 'UDP' }];
  }),
  r('pod template: an unknown container field (pruned)', (x) => {
    x.template.spec.containers[0].bogus = 1;
  }),
  r('pod template: labels of the wrong type in metadata (not in the schema)', (x) => {
    x.template.metadata.labels = { app: 1 };
  }),
  r('job template: an image as a number, three templates deep', (x) => {
    x.jobTemplate.spec.template.spec.containers[0].image = 5;
  }),
  r('job template: backoffLimit above int32', (x) => {
    x.jobTemplate.spec.backoffLimit = 5_000_000_000;
  }),
  r('resources: a bad limit', (x) => {
    x.resources.limits.memory = '2 GB';
  }),
  r('sidecars: the same name twice', (x) => {
    x.sidecars = [
      { name: 'proxy', image: 'a' },
      { name: 'proxy', image: 'b' },
    ];
  }),
  r('tolerations: tolerationSeconds as a string', (x) => {
    x.tolerations[0].tolerationSeconds = '60';
  }),
  r('selector: values not a list', (x) => {
    x.selector.matchExpressions[0].values = 'a';
  }),
  r('int-or-string: true', (x) => {
    x.maxUnavailable = true;
  }),
  r('int-or-string: an integer', (x) => {
    x.maxUnavailable = 1;
  }),
  r('resource list: a bad quantity', (x) => {
    x.limits.cpu = 'four';
  }),
  r('Time: not a date', (x) => {
    x.notBefore = 'yesterday';
  }),
  r('Duration: a number', (x) => {
    x.interval = 90;
  }),
  r('Condition: status outside the enum', (x) => {
    x.gates[0].status = 'Maybe';
  }),
  r('Condition: reason against its pattern', (x) => {
    x.gates[0].reason = 'all good';
  }),
  r('Condition: without lastTransitionTime', (x) => {
    delete x.gates[0].lastTransitionTime;
  }),
  r('Condition: a negative observedGeneration', (x) => {
    x.gates[0].observedGeneration = -1;
  }),
  r('Condition: a type of 317 characters', (x) => {
    x.gates[0].type = `a${'b'.repeat(316)}`;
  }),
  // transition rules (updates of a stored object)
  w('transition: immutable field changed', { storageClass: 'slow' }, { storageClass: 'fast' }),
  w('transition: immutable field kept', { storageClass: 'fast' }, { storageClass: 'fast' }),
  w('transition: immutable field first set', { storageClass: 'fast' }, {}),
  s('optionalOldSelf on create', { size: 5 }),
  s('optionalOldSelf: shrinks', { size: 3 }, { size: 5 }),
  s('optionalOldSelf: grows', { size: 5 }, { size: 3 }),
  s('transition in a list-map item: changed', { stages: [{ name: 'build', image: 'node:22' }] }, {}),
  s('transition in a list-map item: a new item', { stages: [{ name: 'test', image: 'node:22' }] }, {}),
  s(
    'transition in a two-key map item: changed',
    { members: [{ team: 'a', name: 'x', role: 'lead' }] },
    { members: [{ team: 'a', name: 'x', role: 'dev' }] },
  ),
  s('transition in a two-key map item: first set', { members: [{ team: 'a', name: 'x', role: 'lead' }] }, {}),
  s('update without transition rules', { ids: [3] }, {}),
];

interface Verdict {
  accepted: boolean;
  fields: string[];
}

function body(c: Case, spec: Json | undefined, name: string, resourceVersion?: string): Json {
  const metadata = { name, ...(resourceVersion === undefined ? {} : { resourceVersion }) };
  return {
    apiVersion: 'demo.operant.dev/v1',
    kind: kinds[c.plural],
    metadata,
    ...(spec === undefined ? {} : { spec }),
  };
}

async function refusal(err: unknown): Promise<Verdict> {
  // 422 (invalid) or 400 (undecodable); anything else (404: no CRD) is not a verdict
  if (!(err instanceof ApiException) || (err.code !== 422 && err.code !== 400)) throw err;
  const status = JSON.parse(err.body as string) as { details?: { causes?: { field?: string }[] } };
  // the int32/int64 range error of kube-openapi carries no field (`<nil>`): the message names it
  const fields = (status.details?.causes ?? []).map((cause) => cause.field ?? '');
  return { accepted: false, fields: fields.filter((f) => f !== '' && f !== '<nil>') };
}

describeWithControlPlane('validate() against the real API server, case by case', () => {
  const kc = sharedKubeConfig();
  const objects = kc.makeApiClient(CustomObjectsApi);
  const { crds } = buildCrds([Widget, Gadget, Specimen, Runner]);
  const results: {
    name: string;
    agree: boolean;
    pathsMatch: boolean;
    accepted: boolean;
    server: string[];
    local: string[];
  }[] = [];

  async function server(c: Case, index: number): Promise<Verdict> {
    const target = { group: 'demo.operant.dev', version: 'v1', plural: c.plural };
    const scoped = c.plural === 'gadgets' ? target : { ...target, namespace: 'default' };
    const name = `case-${index}`;
    const create = (b: Json, dryRun?: string) =>
      'namespace' in scoped
        ? objects.createNamespacedCustomObject({ ...scoped, body: b, dryRun })
        : objects.createClusterCustomObject({ ...target, body: b, dryRun });
    try {
      if (c.old === undefined) {
        await create(body(c, c.spec, name), 'All');
        return { accepted: true, fields: [] };
      }
      const stored = (await create(body(c, c.old, name))) as { metadata: { resourceVersion: string } };
      try {
        const next = body(c, c.spec, name, stored.metadata.resourceVersion);
        if ('namespace' in scoped)
          await objects.replaceNamespacedCustomObject({ ...scoped, name, body: next, dryRun: 'All' });
        else await objects.replaceClusterCustomObject({ ...target, name, body: next, dryRun: 'All' });
        return { accepted: true, fields: [] };
      } finally {
        if ('namespace' in scoped) await objects.deleteNamespacedCustomObject({ ...scoped, name });
        else await objects.deleteClusterCustomObject({ ...target, name });
      }
    } catch (err) {
      return refusal(err);
    }
  }

  async function local(c: Case): Promise<Verdict> {
    const old = c.old === undefined ? undefined : body(c, c.old, 'x');
    const issues = await validate(body(c, c.spec, 'x'), types[c.plural], { old });
    return { accepted: issues.length === 0, fields: issues.map((i) => i.path) };
  }

  afterAll(() => {
    const agreed = results.filter((r) => r.agree).length;
    const paths = results.filter((r) => r.pathsMatch).length;
    process.stdout.write(
      `validate() agreed with the API server on ${agreed}/${results.length} objects (corpus ${corpus.length}, ` +
        `${results.filter((r) => r.accepted).length} accepted by the server); ` +
        `refused fields matched on ${paths}/${results.length}\n` +
        results
          .filter((r) => !r.agree || !r.pathsMatch)
          .map((r) => `  differs: ${r.name} (API server: [${r.server}], validate(): [${r.local}])\n`)
          .join(''),
    );
  });

  it('installs the CRDs', async () => {
    const installed = await installCrds(kc, { objects: crds as unknown as V1CustomResourceDefinition[] });
    expect(installed).toHaveLength(4);
  });

  describe.each(corpus.map((c, i) => [c.name, c, i] as const))('%s', (_name, c, i) => {
    it('gets the same verdict from validate() and from the API server', async () => {
      const [fromServer, fromValidate] = [await server(c, i), await local(c)];
      // both refuse: a field the server names is one validate() names (or under it, or above it)
      const under = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`);
      const related = (a: string, b: string) => under(a, b) || under(b, a);
      const pathsMatch =
        fromServer.accepted ||
        fromValidate.accepted ||
        fromServer.fields.length === 0 ||
        fromServer.fields.some((f) => fromValidate.fields.some((v) => related(f, v)));
      const agree = fromServer.accepted === fromValidate.accepted;
      // a corpus whose valid objects are refused would agree on nothing worth knowing
      if (c.name.endsWith(': valid')) expect(fromServer.accepted).toBe(true);
      results.push({
        name: c.name,
        agree,
        pathsMatch,
        accepted: fromServer.accepted,
        server: fromServer.fields,
        local: fromValidate.fields,
      });
      expect({ accepted: fromValidate.accepted, pathsMatch }).toEqual({
        accepted: fromServer.accepted,
        pathsMatch: true,
      });
    });
  });
});

/** Objects stored under RatchetLoose, updated under RatchetStrict: [case, stored spec, new spec]. */
const stored = { size: 20, name: 'ABC', inner: { level: 9 }, tags: ['a', 'a'], note: 'n' };
const ratchetCases: [string, Json, Json | undefined][] = [
  ['only a valid field changed: the invalid ones are forgiven', { ...stored, note: 'm' }, stored],
  ['an invalid field changed and still invalid', { ...stored, size: 30 }, stored],
  ['an invalid field made valid', { ...stored, size: 5 }, stored],
  ['a nested invalid field changed (maximum and CEL)', { ...stored, inner: { level: 7 } }, stored],
  ['the pattern field changed', { ...stored, name: 'DEF' }, stored],
  ['a duplicate added to a set that had one', { ...stored, tags: ['a', 'a', 'b', 'b'] }, stored],
  ['a duplicate in a set that had none', { ...stored, tags: ['b', 'b'] }, { ...stored, tags: ['a'] }],
  ['created under the strict schema', stored, undefined],
];

describeWithControlPlane('validate() against the real API server, ratcheting updates', () => {
  const kc = sharedKubeConfig();
  const objects = kc.makeApiClient(CustomObjectsApi);
  const target = { group: 'ratchet.operant.dev', version: 'v1', plural: 'ratchets', namespace: 'default' };
  const toModels = (crds: unknown) => crds as V1CustomResourceDefinition[];
  const object = (name: string, spec: Json, resourceVersion?: string) => ({
    apiVersion: 'ratchet.operant.dev/v1',
    kind: 'Ratchet',
    metadata: { name, ...(resourceVersion === undefined ? {} : { resourceVersion }) },
    spec,
  });
  const versions = new Map<string, string>();

  beforeAll(async () => {
    await installCrds(kc, { objects: toModels(buildCrds([RatchetLoose]).crds) });
    for (const [i, [, , old]] of ratchetCases.entries()) {
      if (old === undefined) continue;
      // retried: in a control plane that ran this suite before, the strict schema may linger a moment
      const created = (await eventually(() =>
        objects.createNamespacedCustomObject({ ...target, body: object(`r-${i}`, old) }),
      )) as { metadata: { resourceVersion: string } };
      versions.set(`r-${i}`, created.metadata.resourceVersion);
    }
    await installCrds(kc, { objects: toModels(buildCrds([RatchetStrict]).crds) });
    // the API server swaps the schema asynchronously: wait until it refuses what the strict one refuses
    await eventually(async () => {
      const refused = await objects
        .createNamespacedCustomObject({ ...target, body: object('probe', stored), dryRun: 'All' })
        .then(
          () => false,
          () => true,
        );
      expect(refused).toBe(true);
    });
  });

  afterAll(async () => {
    for (const name of versions.keys()) await objects.deleteNamespacedCustomObject({ ...target, name });
  });

  it.each(ratchetCases.map(([name, spec, old], i) => [name, spec, old, i] as const))(
    '%s: the same verdict',
    async (_name, spec, old, i) => {
      const name = `r-${i}`;
      const fromServer = await (old === undefined
        ? objects.createNamespacedCustomObject({ ...target, body: object(name, spec), dryRun: 'All' })
        : objects.replaceNamespacedCustomObject({
            ...target,
            name,
            body: object(name, spec, versions.get(name)),
            dryRun: 'All',
          })
      ).then(() => ({ accepted: true, fields: [] as string[] }), refusal);
      const issues = await validate(object(name, spec), RatchetStrict, {
        old: old === undefined ? undefined : object(name, old),
      });
      const fromValidate = { accepted: issues.length === 0, fields: issues.map((issue) => issue.path).sort() };
      expect(fromValidate).toEqual({ accepted: fromServer.accepted, fields: [...new Set(fromServer.fields)].sort() });
    },
  );
});

describe('the corpus', () => {
  it('has distinct cases', () => {
    expect(new Set(corpus.map((c) => JSON.stringify([c.plural, c.spec, c.old]))).size).toBe(corpus.length);
    expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
  });
});
