// Against the real kube-apiserver of jest's global setup: what `format: int32` means to the
// API server (it refuses 5000000000, as Go's int32 would), and the one-of decorators give the
// same verdict on the API server and in validate() for every combination of set fields.
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ApiException, CustomObjectsApi, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { AtLeastOneOf, AtMostOneOf, CustomResource, ExactlyOneOf, Format } from '@operant/crd';
import { buildCrds, validate } from '@operant/crd/schema';
import { installCrds } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';

@ExactlyOneOf('image', 'build')
@AtMostOneOf('build', 'registry')
@AtLeastOneOf('image', 'registry')
class SourceSpec {
  @IsOptional() @IsString() image?: string;
  @IsOptional() @IsString() build?: string;
  @IsOptional() @IsString() registry?: string;
  @IsOptional() @IsInt() replicas?: number;
  @IsOptional() @IsInt() @Format('int64') sizeBytes?: number;
}

@CustomResource({ group: 'oneof.operant.dev', version: 'v1', kind: 'Source', scope: 'Namespaced' })
class Source {
  @ValidateNested() @Type(() => SourceSpec) spec!: SourceSpec;
}

const { crds } = buildCrds([Source]);
const object = (spec: Record<string, unknown>) => ({
  apiVersion: 'oneof.operant.dev/v1',
  kind: 'Source',
  metadata: { name: 'probe', namespace: 'default' },
  spec,
});

/** The API server's verdict on a dry-run create: accepted, or its message. */
async function server(objects: CustomObjectsApi, body: object): Promise<string | 'accepted'> {
  try {
    await objects.createNamespacedCustomObject({
      group: 'oneof.operant.dev',
      version: 'v1',
      namespace: 'default',
      plural: 'sources',
      body,
      dryRun: 'All',
    });
    return 'accepted';
  } catch (err) {
    if (!(err instanceof ApiException)) throw err;
    expect(err.code).toBe(422);
    return (JSON.parse(err.body as string) as { message: string }).message;
  }
}

// every subset of the three one-of fields
const subsets = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => {
  const spec: Record<string, string> = {};
  if (bits & 1) spec.image = 'nginx';
  if (bits & 2) spec.build = 'Dockerfile';
  if (bits & 4) spec.registry = 'ghcr.io';
  return spec;
});

describeWithControlPlane('integer formats and one-of rules on the real API server', () => {
  const kc = sharedKubeConfig();
  const objects = kc.makeApiClient(CustomObjectsApi);
  const install = () => installCrds(kc, { objects: crds as unknown as V1CustomResourceDefinition[] });

  it('refuses 5000000000 in a format: int32 field and stores it in a format: int64 field', async () => {
    await install();
    expect(crds[0]?.spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec?.properties?.replicas).toEqual({
      type: 'integer',
      format: 'int32',
    });
    expect(await server(objects, object({ image: 'nginx', replicas: 5_000_000_000 }))).toContain(
      'must be of type integer with format int32 in spec.replicas',
    );
    expect(await server(objects, object({ image: 'nginx', replicas: 2_147_483_647 }))).toBe('accepted');
    expect(await server(objects, object({ image: 'nginx', sizeBytes: 5_000_000_000 }))).toBe('accepted');
  });

  describe.each(subsets.map((spec) => [Object.keys(spec).join('+') || 'none', spec] as const))(
    'spec with %s set',
    (_name, spec) => {
      it('gets the same verdict and the same messages from the API server and validate()', async () => {
        await install();
        const verdict = await server(objects, object(spec));
        const issues = await validate(object(spec), Source);
        expect(issues.every((i) => i.path === 'spec')).toBe(true);
        const rules =
          crds[0]?.spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec?.['x-kubernetes-validations'];
        expect(rules).toHaveLength(3);
        // each rule's message: in the API server's answer exactly when validate() reports it
        for (const { message } of rules ?? []) {
          expect([message, verdict !== 'accepted' && verdict.includes(message!)]).toEqual([
            message,
            issues.some((i) => i.message === message),
          ]);
        }
        expect(verdict === 'accepted').toBe(issues.length === 0);
      });
    },
  );

  it('accepts exactly the subsets the rules allow (the table is not vacuous)', async () => {
    await install();
    const accepted: string[] = [];
    for (const spec of subsets)
      if ((await server(objects, object(spec))) === 'accepted') accepted.push(Object.keys(spec).join('+'));
    expect(accepted).toEqual(['image', 'image+registry']);
  });
});
