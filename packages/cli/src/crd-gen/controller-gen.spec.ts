// Differential test of embedded Kubernetes types: controller-gen (built from Go modules by
// scripts/controller-gen.sh, cached outside the repo) generates the CRD of a Go kind that
// embeds PodTemplateSpec, JobTemplateSpec, []Container and friends
// (tools/k8s-schemas/fixture/v1), the built `operant crd-gen` generates the CRD of the same
// kind written as a TypeScript class (test/fixtures/k8s-types/api.ts), and the two CRDs must
// be equal, descriptions included, with and without descriptions cut.
// Needs Go; in CI a missing or unbuildable controller-gen fails the suite, elsewhere it is
// skipped with the reason.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JSONSchemaProps } from '@operant/crd';
import { parse, stringify } from 'yaml';
import { operant } from '../../test/fixtures/operant-bin.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const goModule = join(root, 'tools/k8s-schemas');
const fixture = fileURLToPath(new URL('../../test/fixtures/k8s-types/api.ts', import.meta.url));

function buildControllerGen(): { bin: string } | { reason: string } {
  try {
    const out = execFileSync('bash', [join(root, 'scripts/controller-gen.sh')], { encoding: 'utf8', stdio: 'pipe' });
    return { bin: out.trim().split('\n').at(-1) as string };
  } catch (err) {
    return { reason: `scripts/controller-gen.sh failed: ${(err as { stderr?: string }).stderr ?? String(err)}` };
  }
}

const built = buildControllerGen();
if ('reason' in built && process.env.CI === 'true') throw new Error(built.reason);
if ('reason' in built) console.warn(`skipping the controller-gen differential test: ${built.reason}`);
const suite = 'bin' in built ? describe : describe.skip;

type Crd = { metadata: { annotations?: Record<string, string> }; spec: Record<string, unknown> };

async function onlyCrd(dir: string): Promise<Crd> {
  const files = await readdir(dir);
  expect(files).toEqual(['batch.example.com_workloads.yaml']);
  return parse(await readFile(join(dir, files[0] as string), 'utf8')) as Crd;
}

/** Every leaf of `value` by its path: the count of fields the comparison covers. */
function leaves(value: unknown, path = '', out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) out.push(path);
  else for (const [k, v] of Object.entries(value)) leaves(v, `${path}/${k}`, out);
  return out;
}

suite('crd-gen and controller-gen on a kind embedding Kubernetes types', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'controller-gen-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function both(goOptions: string, operantArgs: string[], name: string): Promise<[Crd, Crd]> {
    const goOut = join(dir, `go-${name}`);
    const tsOut = join(dir, `ts-${name}`);
    execFileSync((built as { bin: string }).bin, [goOptions, 'paths=./fixture/...', `output:crd:dir=${goOut}`], {
      cwd: goModule,
      stdio: 'pipe',
    });
    const run = await operant('crd-gen', fixture, '--out', tsOut, ...operantArgs);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const go = await onlyCrd(goOut);
    // the one line that names the generator
    delete go.metadata.annotations?.['controller-gen.kubebuilder.io/version'];
    if (Object.keys(go.metadata.annotations ?? {}).length === 0) delete go.metadata.annotations;
    return [go, await onlyCrd(tsOut)];
  }

  it('writes the same CRD, descriptions and all', async () => {
    const [go, ts] = await both('crd', [], 'full');
    expect(ts).toEqual(go);
    // the comparison covers the whole embedded pod template, not an empty object
    const versions = ts.spec.versions as { schema: { openAPIV3Schema: JSONSchemaProps } }[];
    const template = versions[0]?.schema.openAPIV3Schema.properties?.spec?.properties?.template;
    expect(stringify(template).split('\n').length).toBeGreaterThan(5_000);
    expect(leaves(ts).length).toBeGreaterThan(5_000);
  });

  it('writes the same CRD with every description dropped (maxDescLen=0, --max-desc-len 0)', async () => {
    const [go, ts] = await both('crd:maxDescLen=0', ['--max-desc-len', '0'], 'nodesc');
    expect(ts).toEqual(go);
    expect(JSON.stringify(ts)).not.toContain('"description"');
  });
});
