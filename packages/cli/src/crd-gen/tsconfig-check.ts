/**
 * Checks that the user's `tsconfig.json` (the nearest above the first entry, `extends`
 * followed by the TypeScript compiler API) turns on `experimentalDecorators` and
 * `emitDecoratorMetadata`: without them the user's own build loses the type metadata the
 * decorators and crd-gen rely on, even though crd-gen's swc loading would work.
 * @module
 */
import { dirname } from 'node:path';
import ts from 'typescript';
import { CliError } from '../errors.js';

/** The tsconfig path checked, or undefined when there is none. Throws `config` errors. */
export function checkTsconfig(fromFile: string): string | undefined {
  const path = ts.findConfigFile(dirname(fromFile), ts.sys.fileExists, 'tsconfig.json');
  if (path === undefined) return undefined;
  const read = ts.readConfigFile(path, ts.sys.readFile);
  if (read.error !== undefined) {
    throw new CliError(
      'config',
      `unable to read ${path}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`,
    );
  }
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path));
  const missing = (['experimentalDecorators', 'emitDecoratorMetadata'] as const).filter(
    (flag) => options[flag] !== true,
  );
  if (missing.length > 0) {
    throw new CliError(
      'config',
      `${path} must set ${missing.map((f) => `"${f}": true`).join(' and ')} in compilerOptions: class-validator and @operant/crd read decorator metadata`,
    );
  }
  return path;
}
