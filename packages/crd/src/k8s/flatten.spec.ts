import { describe, expect, it } from '@jest/globals';
import { IsOptional } from 'class-validator';
import { KubernetesType } from '../decorators/shape.decorator.js';
import { SchemaBuilder } from '../schema/object-schema.js';
import { kubernetesTypesData } from './data.js';
import { isKubernetesTypeName, kubernetesTypeSchema } from './flatten.js';

describe('kubernetesTypeSchema', () => {
  it('records what the schemas were generated from', () => {
    expect(kubernetesTypesData().source.modules).toMatchObject({
      'k8s.io/api': 'v0.37.2',
      'sigs.k8s.io/controller-tools': expect.stringMatching(/^v0\./),
    });
  });

  it('merges an embedded Go struct into the object and drops its description', () => {
    const selector = kubernetesTypeSchema('core/v1.ConfigMapKeySelector');
    expect(selector.description).toBe('Selects a key from a ConfigMap.');
    // LocalObjectReference is embedded: its `name` is a property, its description is not kept
    expect(Object.keys(selector.properties ?? {}).sort()).toEqual(['key', 'name', 'optional']);
    expect(selector.properties?.name).toMatchObject({ type: 'string', default: '' });
    expect(selector).toMatchObject({ required: ['key'], 'x-kubernetes-map-type': 'atomic' });
    expect(JSON.stringify(selector)).not.toContain('$ref');
  });

  it("gives a field its own description, else the type's, and keeps the field's keywords", () => {
    const port = kubernetesTypeSchema('core/v1.ContainerPort');
    // a field of the named string type Protocol, with a default and a doc comment
    expect(port.properties?.protocol).toEqual({
      description: 'Protocol for port. Must be UDP, TCP, or SCTP.\nDefaults to "TCP".',
      type: 'string',
      default: 'TCP',
    });
    const list = kubernetesTypeSchema('[]core/v1.Container');
    expect(list.type).toBe('array');
    expect(list.items?.description).toBe('A single application container that you want to run within a pod.');
  });

  it('sorts the required fields of a type, as the merge in Go does', () => {
    expect(kubernetesTypeSchema('meta/v1.Condition').required).toEqual([
      'lastTransitionTime',
      'message',
      'reason',
      'status',
      'type',
    ]);
  });

  it('writes a map of a type as an object of them', () => {
    const map = kubernetesTypeSchema('map[string]resource.Quantity');
    expect(map).toMatchObject({ type: 'object', additionalProperties: { 'x-kubernetes-int-or-string': true } });
  });

  it('hands out copies: editing one leaves the next untouched', () => {
    const first = kubernetesTypeSchema('core/v1.PodTemplateSpec');
    delete first.properties;
    expect(kubernetesTypeSchema('core/v1.PodTemplateSpec').properties?.spec).toBeDefined();
  });

  it('knows its names', () => {
    expect(isKubernetesTypeName('apps/v1.DeploymentSpec')).toBe(true);
    expect(isKubernetesTypeName('core/v1.Nope')).toBe(false);
  });

  it('names the class, the member and the decorator for a type it has no schema for', () => {
    class Bad {
      // @ts-expect-error: not a Kubernetes type name
      @IsOptional() @KubernetesType('core/v1.PodTemplate2') template?: object;
    }
    expect(() => new SchemaBuilder().objectSchema(Bad, 'Bad')).toThrow(
      'Bad.template: @KubernetesType names core/v1.PodTemplate2, not a Kubernetes type Operant has a schema for',
    );
  });
});
