#!/usr/bin/env node
/**
 * The `operant` bin. It checks the Node.js release before it loads the commands: on an
 * older Node they would fail to load with a `SyntaxError` about `registerHooks`; instead it
 * prints one line saying which release to install, and exits 1.
 * @module
 */
import { nodeVersionProblem } from '@operant/core/api';

const tooOld = nodeVersionProblem();
if (tooOld !== undefined) {
  process.stderr.write(`operant: ${tooOld}\n`);
  process.exit(1);
}
const { runCli } = await import('./program.js');
await runCli(process.argv);
