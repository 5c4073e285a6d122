/**
 * `operant why <kind> <namespace/name> [--metrics-url url] [--token t | --token-file f]
 * [--certificate-authority file | --insecure-skip-tls-verify] [-o json]`: why an object was
 * reconciled. Asks a running manager's metrics server for its `/debug/reconciles` page
 * (`?format=json&kind=&key=`) and prints, for each controller of the kind, the object's
 * recent reconciles with their causes and writes, the causes waiting, and a hot loop if one
 * was found (format.ts); `-o json` prints the page's JSON as it came.
 * @module
 */
import type { DebugReconciles } from '@operant/core/manager';
import type { ControllerReconciles } from '@operant/core/trace';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { type CommandIo, processIo } from '../io.js';
import { type CredentialOptions, loadCredentials } from './credentials.js';
import { fetchDebugReconciles } from './fetch-page.js';
import { formatReconciles } from './format.js';
import { reconcilesQuery } from './page.js';

export const DEFAULT_METRICS_URL = 'https://127.0.0.1:8443';

export interface WhyOptions extends CredentialOptions {
  /** The manager's metrics server. Default `https://127.0.0.1:8443`. */
  metricsUrl?: string;
  /** The object's namespace, when the object is given by its name alone. */
  namespace?: string;
  /** `json`: print the page's JSON instead of text. */
  output?: 'json';
}

/** The page's key of the object: `namespace/name`, or `name` for a cluster-scoped one. */
function objectKey(object: string, namespace: string | undefined): string {
  if (namespace === undefined) return object;
  if (object.includes('/')) {
    throw new CliError(
      'config',
      `${object} already names its namespace: drop --namespace ${namespace}, or give the name alone`,
    );
  }
  return `${namespace}/${object}`;
}

const listed = (controllers: readonly ControllerReconciles[]): string =>
  controllers.length === 0
    ? 'it runs none'
    : `its controllers: ${controllers.map((c) => (c.kind === undefined ? c.controller : `${c.controller} (${c.kind})`)).join(', ')}`;

/** Prints why `kind` `object` was reconciled; resolves to the page read. Throws `CliError`. */
export async function why(
  kind: string,
  object: string,
  options: WhyOptions = {},
  io: CommandIo = processIo,
): Promise<DebugReconciles> {
  const key = objectKey(object, options.namespace);
  const metricsUrl = options.metricsUrl ?? DEFAULT_METRICS_URL;
  const credentials = await loadCredentials(options);
  const { page, body } = await fetchDebugReconciles(metricsUrl, reconcilesQuery(key, kind), credentials);
  if (options.output === 'json') {
    io.stdout(body.endsWith('\n') ? body : `${body}\n`);
    return page;
  }
  if (page.controllers.length === 0) {
    const all = await fetchDebugReconciles(metricsUrl, reconcilesQuery(key), credentials);
    throw new CliError(
      'noControllers',
      `no controller of the manager at ${metricsUrl} reconciles kind ${kind} (${listed(all.page.controllers)})`,
    );
  }
  if (page.controllers.every((c) => c.keys.length === 0)) {
    const names = page.controllers.map((c) => c.controller).join(', ');
    throw new CliError(
      'noResources',
      `no reconcile of ${kind} ${key} recorded by ${names}: recordCauses may be off (the controller option recordCauses: true turns it on), or the object was not reconciled since the manager started`,
    );
  }
  io.stdout(formatReconciles(page.controllers, key));
  return page;
}

export function whyCommand(): Command {
  return new Command('why')
    .description("why an object was reconciled: its recent reconciles' causes and writes, from a running manager")
    .argument('<kind>', 'the kind the controller reconciles, such as Widget (any case)')
    .argument('<object>', 'namespace/name, or name for a cluster-scoped object (or with --namespace)')
    .option('-n, --namespace <namespace>', "the object's namespace")
    .option('--metrics-url <url>', "the manager's metrics server", DEFAULT_METRICS_URL)
    .option('--token <token>', 'bearer token (default: the kubeconfig current user token, if it has one)')
    .option('--token-file <path>', 'a file holding the bearer token')
    .option('--kubeconfig <path>', 'the kubeconfig whose user token is sent (default: KUBECONFIG, then ~/.kube/config)')
    .option('--certificate-authority <path>', "a CA file to verify the metrics server's certificate")
    .option(
      '--insecure-skip-tls-verify',
      "do not verify the metrics server's certificate (the manager's self-signed one)",
    )
    .option('-o, --output <format>', 'json: print the JSON of the page as the manager answered it', (v) => {
      if (v !== 'json') throw new CliError('config', `--output needs json, got ${v}`);
      return v;
    })
    .action(async (kind: string, object: string, options: WhyOptions) => {
      await why(kind, object, options);
    });
}
