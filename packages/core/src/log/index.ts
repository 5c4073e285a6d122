/**
 * Logging: `newLogger({ level, format })` implements the runtime's `Logger` (exported by the
 * package root), writing JSON lines itself; `noopLogger` discards; `LogFields` are a log
 * line's structured fields; `serializeErrors()` is the winston format that turns any thrown
 * value into log fields, for a winston logger of one's own (passed as `newLogger({ winston })`).
 * @module log
 */
export { type LogFields, noopLogger } from '../api/logger.js';
export { type LoggerOptions, newLogger } from './logger.js';
export { serializeErrors } from './winston.js';
