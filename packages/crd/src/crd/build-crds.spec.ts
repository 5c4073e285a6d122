import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { stringify } from 'yaml';
import { Gadget } from '../../test/fixtures/gadget.js';
import { Widget, WidgetV1beta1 } from '../../test/fixtures/widget.js';
import { Condition } from '../common/condition.js';
import { PrintColumn } from '../decorators/columns.decorator.js';
import { CustomResource } from '../decorators/custom-resource.decorator.js';
import { ArrayOf } from '../decorators/shape.decorator.js';
import { StatusSubresource } from '../decorators/subresource.decorator.js';
import { StorageVersion } from '../decorators/version.decorator.js';
import { CrdError } from '../errors.js';
import { buildCrd, buildCrds } from './build-crds.js';

describe('buildCrds', () => {
  it.each([
    ['demo.operant.dev_widgets.yaml', [WidgetV1beta1, Widget]],
    ['demo.operant.dev_gadgets.yaml', [Gadget]],
  ])('matches the golden file %s (UPDATE_GOLDEN=1 rewrites it)', (name, classes) => {
    const golden = new URL(`../../test/golden/${name}`, import.meta.url);
    const { crds } = buildCrds(classes);
    const yaml = stringify(crds[0], { lineWidth: 0 });
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, yaml);
    expect(yaml).toBe(readFileSync(golden, 'utf8'));
  });

  it('reports lossy mappings as warnings naming class, property and decorator', () => {
    expect(buildCrds([Gadget]).warnings).toEqual([
      'GadgetSpec.owner: @IsEmail: the API server checks Go net/mail, looser than validator.js',
      'GadgetSpec.ratio: is a float (number); use @IsInt() for integers',
    ]);
  });

  it('accepts print columns with JSONPath filters and warns on paths the schema lacks', () => {
    class ShelfStatus {
      @IsOptional() @ArrayOf(() => Condition) @ValidateNested() conditions?: Condition[];
    }
    @CustomResource({ group: 'columns.operant.dev', version: 'v1', kind: 'Shelf', scope: 'Namespaced' })
    @StatusSubresource()
    @PrintColumn({ name: 'Available', type: 'string', jsonPath: '.status.conditions[?(@.type=="Available")].status' })
    @PrintColumn({ name: 'Since', type: 'date', jsonPath: '.status.conditions[?(@.type=="Ready")].lastTransitionTime' })
    @PrintColumn({ name: 'Wrong', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].state' })
    @PrintColumn({ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' })
    class Shelf {
      @IsOptional() @ValidateNested() @Type(() => ShelfStatus) status?: ShelfStatus;
    }
    expect(buildCrds([Shelf]).warnings).toEqual([
      'Shelf (Shelf v1): @PrintColumn "Wrong" points at .status.conditions[?(@.type=="Ready")].state, which the schema does not declare (.status.conditions[?(@.type=="Ready")].state)',
    ]);
  });

  it('is deterministic whatever the order of the classes', () => {
    expect(buildCrds([Widget, WidgetV1beta1])).toEqual(buildCrds([WidgetV1beta1, Widget]));
  });

  it('orders versions by Kubernetes priority with exactly one storage version', () => {
    const crd = buildCrd(WidgetV1beta1, Widget);
    expect(crd.spec.versions.map((v) => [v.name, v.storage])).toEqual([
      ['v1', true],
      ['v1beta1', false],
    ]);
    expect(crd.metadata.name).toBe('widgets.demo.operant.dev');
  });

  it('makes a single version the storage version without @StorageVersion', () => {
    @CustomResource({ group: 'single.operant.dev', version: 'v1alpha1', kind: 'Gizmo', scope: 'Cluster' })
    class Gizmo {
      @IsString() name!: string;
    }
    const crd = buildCrd(Gizmo);
    expect(crd.spec.versions[0]?.storage).toBe(true);
    expect(crd.spec.names).toEqual({ kind: 'Gizmo', listKind: 'GizmoList', plural: 'gizmos', singular: 'gizmo' });
    expect(crd.spec.scope).toBe('Cluster');
  });

  it('rejects two versions without a storage version, naming the kind and classes', () => {
    @CustomResource({ group: 'two.operant.dev', version: 'v1', kind: 'Thing', scope: 'Namespaced' })
    class ThingV1 {
      @IsInt() a!: number;
    }
    @CustomResource({ group: 'two.operant.dev', version: 'v2', kind: 'Thing', scope: 'Namespaced' })
    class ThingV2 {
      @IsInt() a!: number;
    }
    expect(() => buildCrds([ThingV1, ThingV2])).toThrow(
      'Thing (two.operant.dev): exactly one version needs @StorageVersion(), found 0 (ThingV1, ThingV2)',
    );
    StorageVersion()(ThingV1);
    StorageVersion()(ThingV2);
    expect(() => buildCrds([ThingV1, ThingV2])).toThrow('found 2');
  });

  it('rejects bad names, reporting every problem at once', () => {
    @CustomResource({ group: 'nodot', version: 'v1', kind: 'Bad', plural: 'Bads', scope: 'Namespaced' })
    class Bad {
      @IsInt() a!: number;
    }
    let error: unknown;
    try {
      buildCrds([Bad]);
    } catch (err) {
      error = err;
    }
    expect(CrdError.is(error, 'invalidCrd')).toBe(true);
    expect((error as Error).message).toContain('group "nodot" must be a lowercase DNS subdomain with at least one dot');
    expect((error as Error).message).toContain('plural "Bads" must be a lowercase DNS-1035 label');
  });

  it('refuses a class without @CustomResource', () => {
    class Plain {}
    expect(() => buildCrds([Plain])).toThrow('Plain has no @CustomResource decorator');
  });
});
