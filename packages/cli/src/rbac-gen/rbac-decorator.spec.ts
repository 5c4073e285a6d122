// @Rbac (in @operant/core) records rules on the controller class and refuses malformed
// arguments naming the class and the decorator; rbac-gen is its only reader.
import { describe, expect, it } from '@jest/globals';
import { Rbac } from '@operant/core';
import { getControllerMetadata } from '@operant/core/internal';

const apply = (options: unknown) => {
  class Widgets {}
  Rbac(options as Parameters<typeof Rbac>[0])(Widgets);
  return Widgets;
};

describe('@Rbac', () => {
  it('records each rule, resourceNames and clusterWide only when given (and true)', () => {
    const type = apply({ groups: [''], resources: ['secrets'], verbs: ['get'], resourceNames: ['creds'] });
    Rbac({ groups: ['apps'], resources: ['deployments'], verbs: ['deletecollection'], clusterWide: false })(type);
    Rbac({ groups: [''], resources: ['secrets'], verbs: ['create'], clusterWide: true })(type);
    expect(getControllerMetadata(type)?.rbac).toEqual([
      { groups: [''], resources: ['secrets'], verbs: ['get'], resourceNames: ['creds'] },
      { groups: ['apps'], resources: ['deployments'], verbs: ['deletecollection'] },
      { groups: [''], resources: ['secrets'], verbs: ['create'], clusterWide: true },
    ]);
  });

  it.each([
    [undefined, '@Rbac on Widgets: takes { groups, resources, verbs, resourceNames?, clusterWide? }'],
    [
      { resources: ['pods'], verbs: ['get'] },
      `@Rbac on Widgets: "groups" must be a non-empty array of API groups ('' for the core group)`,
    ],
    [
      { groups: [''], resources: [''], verbs: ['get'] },
      '@Rbac on Widgets: "resources" must be a non-empty array of resource names',
    ],
    [{ groups: [''], resources: ['pods'], verbs: [] }, '@Rbac on Widgets: "verbs" must be a non-empty array of verbs'],
    [{ groups: [''], resources: ['pods'], verbs: 'get' }, '@Rbac on Widgets: "verbs" must be a non-empty array'],
    [{ groups: [''], resources: ['pods'], verbs: [' get'] }, '@Rbac on Widgets: "verbs" must be a non-empty array'],
    [
      { groups: [''], resources: ['pods'], verbs: ['get'], resourceNames: [] },
      '@Rbac on Widgets: "resourceNames", when given, must be a non-empty array of object names',
    ],
    [
      { groups: [''], resources: ['secrets'], verbs: ['create'], clusterWide: 'yes' },
      '@Rbac on Widgets: "clusterWide", when given, must be true or false',
    ],
  ])('refuses %j', (options, message) => {
    expect(() => apply(options)).toThrow(message);
  });
});
