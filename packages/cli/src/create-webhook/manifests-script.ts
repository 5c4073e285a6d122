/**
 * The edit `create webhook` makes to `package.json`: its `manifests` script also runs
 * `operant webhook-gen src/webhooks` (for defaulting and validating webhooks), and passes
 * `src/webhooks` to crd-gen (for conversion, which it writes into the CRDs). Pure and
 * idempotent; a script it does not recognise is left alone with a message.
 * @module
 */
import { CliError } from '../errors.js';

export const WEBHOOK_GEN = 'operant webhook-gen src/webhooks -o config/webhook/manifests.yaml';
const CRD_GEN = 'operant crd-gen src/api ';

export function addWebhooksToManifests(
  packageJson: string,
  kinds: { admission: boolean; conversion: boolean },
): string {
  const pkg = JSON.parse(packageJson) as { scripts?: Record<string, string> };
  let script = pkg.scripts?.manifests;
  if (script === undefined) {
    throw new CliError('config', 'unable to add webhook-gen to package.json: it has no "manifests" script');
  }
  if (kinds.admission && !script.includes('operant webhook-gen')) script = `${script} && ${WEBHOOK_GEN}`;
  if (kinds.conversion && !script.includes(`${CRD_GEN}src/webhooks`)) {
    if (!script.includes(CRD_GEN)) {
      throw new CliError(
        'config',
        `unable to add src/webhooks to crd-gen in package.json's manifests script: it has no "${CRD_GEN.trim()}"`,
      );
    }
    script = script.replace(CRD_GEN, `${CRD_GEN}src/webhooks `);
  }
  return `${JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, manifests: script } }, null, 2)}\n`;
}
