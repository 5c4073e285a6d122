/**
 * `@operant/cli`: the programmatic face of the `operant` command.
 * @module
 */
export { createProgram } from './main.js';
