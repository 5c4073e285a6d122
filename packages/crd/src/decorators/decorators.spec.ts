import { describe, expect, it } from '@jest/globals';
import { CrdError } from '../errors.js';
import { PrintColumn, SelectableField } from './columns.decorator.js';
import { CustomResource } from './custom-resource.decorator.js';
import { Default } from './keyword.decorator.js';
import { ArrayOf } from './shape.decorator.js';
import { ScaleSubresource } from './subresource.decorator.js';
import { ListMapKey, ListType } from './topology.decorator.js';
import { XValidation } from './x-validation.decorator.js';

class Target {
  value!: unknown;
}
const onClass = (decorator: ClassDecorator) => () => decorator(Target);
const onField = (decorator: PropertyDecorator) => () => decorator(Target.prototype, 'value');

describe('decorator arguments', () => {
  it.each<[string, () => void, string]>([
    [
      '@CustomResource scope',
      onClass(CustomResource({ group: 'a.b', version: 'v1', kind: 'K', scope: 'Global' as 'Cluster' })),
      '@CustomResource on Target: "scope" must be "Namespaced" or "Cluster"',
    ],
    [
      '@CustomResource kind',
      onClass(CustomResource({ group: 'a.b', version: 'v1', kind: '', scope: 'Cluster' })),
      '@CustomResource on Target: "kind" must be a non-empty string',
    ],
    [
      '@PrintColumn type',
      onClass(PrintColumn({ name: 'Age', type: 'time' as 'date', jsonPath: '.a' })),
      '@PrintColumn on Target: column "Age": "type" must be one of',
    ],
    [
      '@PrintColumn path',
      onClass(PrintColumn({ name: 'Age', type: 'date', jsonPath: 'a' })),
      '"jsonPath" must start with "."',
    ],
    [
      '@SelectableField under metadata',
      onClass(SelectableField('.metadata.name')),
      '@SelectableField on Target: ".metadata.name" is under metadata',
    ],
    [
      '@ScaleSubresource path',
      onClass(ScaleSubresource({ specReplicasPath: '.replicas', statusReplicasPath: '.status.replicas' })),
      '"specReplicasPath" must start with ".spec."',
    ],
    [
      '@ListType value',
      onField(ListType('bag' as 'set')),
      '@ListType on Target.value: expected "atomic", "set" or "map"',
    ],
    [
      '@ListMapKey without keys',
      onField(ListMapKey()),
      '@ListMapKey on Target.value: expected one or more distinct property names',
    ],
    [
      '@XValidation multiline rule',
      onField(XValidation({ rule: 'self > 0 &&\nself < 5' })),
      '@XValidation on Target.value: a rule with line breaks needs a "message"',
    ],
    [
      '@XValidation bad reason',
      onField(XValidation({ rule: 'self > 0', reason: 'Nope' as 'FieldValueInvalid' })),
      '"reason" must be one of',
    ],
    ['@Default of a function', onField(Default(() => 1)), '@Default on Target.value: the default must be a JSON value'],
    [
      '@ArrayOf with a class, not a thunk',
      onField(ArrayOf(Target as unknown as () => unknown)),
      '@ArrayOf on Target.value: expected a thunk such as () => Port',
    ],
  ])('%s is refused, naming the decorator and where', (_, apply, message) => {
    let error: unknown;
    try {
      apply();
    } catch (err) {
      error = err;
    }
    expect(CrdError.is(error, 'invalidDecorator')).toBe(true);
    expect((error as Error).message).toContain(message);
  });
});
