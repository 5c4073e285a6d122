/**
 * `pnpm-workspace.yaml`: pnpm's settings for this one-package project (it also keeps pnpm
 * from walking up into an enclosing workspace): swc's install script is allowed, as pnpm
 * 10+ asks; with `--operant-source`, overrides send every `@operant/*` (transitive ones
 * included) to the local tarballs.
 * @module
 */

import { operantPackages } from '../../scaffold/versions.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { InitContext } from './context.js';

export function pnpmWorkspace(context: InitContext): ScaffoldFile {
  const lines = [
    '# pnpm settings of this project (it lists no other packages)',
    '',
    '# dependencies allowed to run install scripts (pnpm 10+ asks)',
    'allowBuilds:',
    '  "@swc/core": true',
    '  "@parcel/watcher": false',
  ];
  if (context.overrides) {
    lines.push('', '# written by operant init --operant-source: the @operant/* packages come from local tarballs');
    lines.push('overrides:');
    for (const pkg of operantPackages) lines.push(`  "@operant/${pkg}": "${context.operant[pkg]}"`);
  }
  return { path: 'pnpm-workspace.yaml', content: `${lines.join('\n')}\n` };
}
