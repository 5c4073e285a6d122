/**
 * Route paths and webhook names, shared by the server's routes and `operant webhook-gen`'s
 * manifests so that they always agree. The paths are kubebuilder's:
 * `/validate-<group with dots as dashes>-<version>-<lowercase kind>`, `/mutate-…`, `/convert`.
 * @module
 */

import type { GroupVersionKind } from '../api/group-version-kind.js';

const slug = (gvk: GroupVersionKind) => `${gvk.group.replaceAll('.', '-')}-${gvk.version}-${gvk.kind.toLowerCase()}`;

/** `/validate-batch-tutorial-kubebuilder-io-v1-cronjob` (kubebuilder's `generateValidatePath`). */
export const validatePath = (gvk: GroupVersionKind): string => `/validate-${slug(gvk)}`;

/** `/mutate-batch-tutorial-kubebuilder-io-v1-cronjob` (kubebuilder's `generateMutatePath`). */
export const mutatePath = (gvk: GroupVersionKind): string => `/mutate-${slug(gvk)}`;

/** The one conversion route of a webhook server. */
export const CONVERT_PATH = '/convert';

/** Fully qualified webhook names: `vwidget-v1.demo.operant.dev` and `mwidget-v1.demo.operant.dev`. */
export function webhookName(type: 'validating' | 'mutating', gvk: GroupVersionKind): string {
  const domain =
    gvk.group === '' ? 'core.operant.dev' : gvk.group.includes('.') ? gvk.group : `${gvk.group}.operant.dev`;
  return `${type === 'validating' ? 'v' : 'm'}${gvk.kind.toLowerCase()}-${gvk.version}.${domain}`;
}
