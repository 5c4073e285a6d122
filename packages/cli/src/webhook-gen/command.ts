/**
 * `operant webhook-gen [entries...] --out config/webhook/manifests.yaml
 * [--service-name webhook-service] [--service-namespace system] [--check]`: kubebuilder's
 * `make manifests` for webhooks. Imports the entry modules through swc, collects their
 * `@ValidatingWebhook`/`@DefaultingWebhook` classes (and those `@Module`s list) and writes
 * the Mutating- and ValidatingWebhookConfiguration, or with `--check` exits non-zero and
 * prints a diff when the file on disk differs. Conversion is not in this file: crd-gen
 * adds the `spec.conversion` stanza to the CRDs of kinds with a `@Conversion` class.
 * @module
 */

import { getWebhookMetadata } from '@operant/core/internal';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { writeOrCheckFile } from '../generate/output.js';
import { type CommandIo, processIo } from '../io.js';
import { loadWebhooks } from './load-webhooks.js';
import { buildWebhookConfigurations, renderWebhookConfigurations } from './manifests.js';

export interface WebhookGenOptions {
  /** The file to write, `config/webhook/manifests.yaml` by default. */
  out: string;
  serviceName?: string;
  serviceNamespace?: string;
  check?: boolean;
}

const dns1123Label = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** Runs webhook-gen; resolves to the path written (or checked). Throws `CliError`. */
export async function webhookGen(entries: readonly string[], options: WebhookGenOptions, io: CommandIo = processIo) {
  if (entries.length === 0) throw new CliError('config', 'webhook-gen needs at least one entry module');
  for (const [flag, value] of [
    ['--service-name', options.serviceName],
    ['--service-namespace', options.serviceNamespace],
  ] as const) {
    if (value !== undefined && !dns1123Label.test(value)) {
      throw new CliError('config', `${flag} needs a DNS-1123 label, got "${value}"`);
    }
  }
  const classes = (await loadWebhooks(entries)).filter((c) => {
    const meta = getWebhookMetadata(c);
    return meta?.validating !== undefined || meta?.defaulting !== undefined;
  });
  if (classes.length === 0) {
    throw new CliError(
      'noWebhooks',
      `no exported @ValidatingWebhook or @DefaultingWebhook class in ${entries.join(', ')}`,
    );
  }
  const service = { name: options.serviceName, namespace: options.serviceNamespace };
  const content = renderWebhookConfigurations(buildWebhookConfigurations(classes, service));
  return writeOrCheckFile(options.out, content, {
    check: options.check,
    io,
    driftMessage: `${options.out} differs from the webhooks; run operant webhook-gen`,
  });
}

export function webhookGenCommand(): Command {
  return new Command('webhook-gen')
    .description(
      'generate Mutating/ValidatingWebhookConfiguration YAML from @DefaultingWebhook and @ValidatingWebhook classes',
    )
    .argument(
      '<entries...>',
      'modules (.ts or .js), or folders of them, that export webhook classes or @Module classes listing them',
    )
    .option('-o, --out <file>', 'output file', 'config/webhook/manifests.yaml')
    .option('--service-name <name>', 'the Service in front of the webhook server', 'webhook-service')
    .option('--service-namespace <namespace>', 'its namespace', 'system')
    .option('--check', 'do not write; exit 1 and print a diff when the file on disk differs')
    .action(async (entries: string[], options: WebhookGenOptions) => {
      await webhookGen(entries, options);
    });
}
