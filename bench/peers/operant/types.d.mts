/** Types of `types.mjs` for the TypeScript peer. @module */
import type { ResourceType } from '../../../packages/core/dist/resources/index.js';
import type { WidgetObject } from '../../harness/workload.mjs';

export const Widget: ResourceType<WidgetObject>;
export const ConfigMap: ResourceType;
