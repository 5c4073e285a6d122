/**
 * REST paths of a resource: `/api/v1/namespaces/{ns}/configmaps/{name}/status`,
 * `/apis/apps/v1/deployments`, … built from `ResourceInfo`.
 * @module
 */
import type { ResourceInfo } from '../resources/resource-type.js';

/** The collection or object path; `namespace` undefined means all namespaces (or cluster scope). */
export function resourcePath(info: ResourceInfo, namespace?: string, name?: string, subresource?: string): string {
  const root = info.group === '' ? `/api/${info.version}` : `/apis/${info.group}/${info.version}`;
  const ns =
    info.namespaced && namespace !== undefined && namespace !== ''
      ? `/namespaces/${encodeURIComponent(namespace)}`
      : '';
  const obj = name === undefined ? '' : `/${encodeURIComponent(name)}`;
  const sub = subresource === undefined ? '' : `/${subresource}`;
  return `${root}${ns}/${info.plural}${obj}${sub}`;
}

/** `ConfigMap default/foo`, `Namespace foo`, `ConfigMap default` (a collection): the object in messages. */
export function describeObject(
  info: Pick<ResourceInfo, 'kind' | 'namespaced'>,
  namespace?: string,
  name?: string,
): string {
  if (name === undefined) return namespace ? `${info.kind} in ${namespace}` : info.kind;
  return info.namespaced && namespace ? `${info.kind} ${namespace}/${name}` : `${info.kind} ${name}`;
}
