/**
 * The edit `create webhook` makes to `config/network-policy/kustomization.yaml` (kubebuilder's
 * `[WEBHOOK]` line): the policy that lets the API server reach the webhook port is listed
 * once the project has admission webhooks. Pure and idempotent; a file without the line is
 * left as it is.
 * @module
 */

export const NETWORK_POLICY_KUSTOMIZATION = 'config/network-policy/kustomization.yaml';

/** `text` with `#- allow-webhook-traffic.yaml` uncommented. */
export function allowWebhookTraffic(text: string): string {
  return text.replace(/^(\s*)#\s*- allow-webhook-traffic\.yaml$/m, '$1- allow-webhook-traffic.yaml');
}
