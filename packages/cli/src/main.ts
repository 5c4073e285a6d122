#!/usr/bin/env node
/**
 * The `operant` command line. Subcommands: `crd-gen`, `rbac-gen`, `webhook-gen`, `init`,
 * `create api` and `create webhook`; `operant --help` lists what exists.
 * Errors of the commands and of the CRD builder print as one message and exit 1.
 * @module
 */
import 'reflect-metadata';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CrdError } from '@operant/crd';
import { Command } from 'commander';
import { crdGenCommand } from './crd-gen/command.js';
import { createApiCommand } from './create-api/command.js';
import { createWebhookCommand } from './create-webhook/command.js';
import { CliError } from './errors.js';
import { initCommand } from './init/command.js';
import { rbacGenCommand } from './rbac-gen/command.js';
import { webhookGenCommand } from './webhook-gen/command.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export function createProgram(): Command {
  return (
    new Command('operant')
      .description('controller-runtime and kubebuilder for TypeScript')
      .version(version)
      // program options only before a subcommand: `create api --version v1` is the API's version
      .enablePositionalOptions()
      .addCommand(crdGenCommand())
      .addCommand(rbacGenCommand())
      .addCommand(webhookGenCommand())
      .addCommand(initCommand())
      .addCommand(
        new Command('create')
          .description('scaffold an API or its webhooks (create api, create webhook)')
          .addCommand(createApiCommand())
          .addCommand(createWebhookCommand()),
      )
  );
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  try {
    await createProgram().parseAsync(process.argv);
  } catch (err) {
    if (!CliError.is(err) && !CrdError.is(err)) throw err;
    process.stderr.write(`operant: ${err.message}\n`);
    process.exitCode = 1;
  }
}
