// `crd-gen --verify` against real API servers: the shared control plane of jest's global
// setup (through a kubeconfig file, as a user passes one) and one the binary starts itself
// with --envtest. A CRD whose CEL rule is over the cost budget is refused with the CRD's
// name and the API server's message, writes nothing and exits 1; a bounded one passes, on
// create and on update of an installed CRD, and the dry run persists nothing.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { isNotFound } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { CustomResourceDefinition } from '@operant/core/kinds';
import { buildCrds } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import {
  describeOrSkip,
  describeWithControlPlane,
  ownControlPlaneSkipReason,
  sharedKubeConfig,
} from '@operant/testing/jest';
import { dryRunCrds } from '../src/crd-gen/verify.js';
import { operant } from './fixtures/operant-bin.js';
import { Bounded } from './fixtures/verify/bounded.js';
import { Costly } from './fixtures/verify/costly.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/verify/${name}`, import.meta.url));
const COST_MESSAGE = 'estimated rule cost exceeds budget';

describeWithControlPlane('crd-gen --verify (shared control plane)', () => {
  const kc = sharedKubeConfig();

  it('refuses the over-budget CRD with its name and the API server message, and accepts the bounded one', async () => {
    const { crds } = buildCrds([Costly, Bounded]);
    const failures = await dryRunCrds(crds, kc);
    expect(failures).toEqual([{ name: 'costlies.verify.operant.dev', message: expect.stringContaining(COST_MESSAGE) }]);
    expect(failures[0]?.message).toContain(
      'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule',
    );
    // a dry run persists nothing
    const api = new ApiClient({ kubeConfig: kc });
    const read = await api.get(CustomResourceDefinition, { name: 'boundeds.verify.operant.dev' }).catch((e) => e);
    expect(isNotFound(read)).toBe(true);
  });

  it('dry-runs an update when the CRD is installed, and refuses an over-budget change to it', async () => {
    const [bounded] = buildCrds([Bounded]).crds;
    await installCrds(kc, { objects: [bounded as never] });
    expect(await dryRunCrds([bounded!], kc)).toEqual([]);
    const costlier = structuredClone(bounded!);
    const spec = costlier.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!;
    const names = spec.properties!.names!;
    delete names.maxItems;
    if (typeof names.items === 'object') delete names.items.maxLength;
    const [failure] = await dryRunCrds([costlier], kc);
    expect(failure).toEqual({ name: 'boundeds.verify.operant.dev', message: expect.stringContaining(COST_MESSAGE) });
    expect(failure?.message).toMatch(/^unable to update CustomResourceDefinition/);
  });

  it('exits 1 from the binary with --kubeconfig, naming the CRD, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crd-gen-verify-'));
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, kc.exportConfig());
    const out = join(dir, 'out');
    const refused = await operant(
      'crd-gen',
      fixture('costly.ts'),
      '--out',
      out,
      '--verify',
      '--kubeconfig',
      kubeconfig,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'the API server refused 1 of 1 CRD(s):\ncostlies.verify.operant.dev: unable to create',
    );
    expect(refused.stderr).toContain(COST_MESSAGE);
    expect(existsSync(out)).toBe(false);
    const accepted = await operant(
      'crd-gen',
      fixture('bounded.ts'),
      '--out',
      out,
      '--verify',
      '--kubeconfig',
      kubeconfig,
    );
    expect(accepted).toEqual(expect.objectContaining({ code: 0, stderr: '' }));
    expect(accepted.stdout).toContain('the API server accepts 1 CRD(s) (dry run)');
    expect(existsSync(join(out, 'verify.operant.dev_boundeds.yaml'))).toBe(true);
  });
});

describeOrSkip('crd-gen --verify --envtest (a control plane of its own)', ownControlPlaneSkipReason(), () => {
  it('starts a control plane through @operant/testing, refuses the over-budget CRD and stops it', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'crd-gen-envtest-')), 'out');
    const run = await operant(
      'crd-gen',
      fixture('costly.ts'),
      fixture('bounded.ts'),
      '--out',
      out,
      '--verify',
      '--envtest',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the API server refused 1 of 2 CRD(s):\ncostlies.verify.operant.dev:');
    expect(run.stderr).toContain(COST_MESSAGE);
    expect(run.stderr).not.toContain('boundeds.verify.operant.dev');
  });
});

describe('crd-gen --verify usage', () => {
  it('refuses --kubeconfig without --verify', async () => {
    const run = await operant('crd-gen', fixture('bounded.ts'), '--kubeconfig', '/nonexistent');
    expect(run).toEqual(
      expect.objectContaining({ code: 1, stderr: 'operant: --kubeconfig and --envtest need --verify\n' }),
    );
  });

  it('names a kubeconfig it cannot load', async () => {
    const run = await operant('crd-gen', fixture('bounded.ts'), '--verify', '--kubeconfig', '/nonexistent/kubeconfig');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^operant: unable to load \/nonexistent\/kubeconfig: /);
  });
});
