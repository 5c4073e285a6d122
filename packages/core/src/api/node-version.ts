/**
 * The Node.js release Operant needs (22.19: `module.registerHooks`, which the CLI's loader
 * uses, and `process.getBuiltinModule`), checked first by the `operant` command, by
 * `runOperator` and `newManager`, and by envtest's `Environment`, so a machine on an older
 * Node gets one line that says what to install instead of a `SyntaxError` from deep inside.
 * No imports: the CLI loads this before anything that an old Node cannot parse.
 * @module
 */

/** The oldest Node.js release Operant runs on (also `engines.node` of its packages). */
export const MINIMUM_NODE_VERSION = '22.19.0';

const parts = (version: string): number[] => version.replace(/^v/, '').split('.').map(Number);

/**
 * Undefined when `version` (default: this process's) is new enough; else one line naming
 * the release needed, the one running, and how to get a newer one.
 */
export function nodeVersionProblem(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [needMajor = 0, needMinor = 0, needPatch = 0] = parts(MINIMUM_NODE_VERSION);
  const newEnough =
    major !== needMajor ? major > needMajor : minor !== needMinor ? minor > needMinor : patch >= needPatch;
  if (newEnough) return undefined;
  return `Operant needs Node.js ${MINIMUM_NODE_VERSION} or newer, and this is ${version.replace(/^v/, '')}: install Node.js 24 LTS (https://nodejs.org, or \`nvm install 24\`, \`fnm install 24\`, \`npm install -g node@24\`) and run this again`;
}
