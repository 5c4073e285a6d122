/**
 * The resource types of the Operant peers: Widget (bench.operant.dev/v1) and ConfigMap.
 * @module
 */
import { resourceType } from '../../../packages/core/dist/resources/index.js';

export const Widget = resourceType({
  group: 'bench.operant.dev',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
export const ConfigMap = resourceType({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});
