/**
 * The winston adapter behind the runtime's `Logger`: JSON lines in production (`ts`, `level`,
 * `msg` and the structured fields, as controller-runtime's zap logger writes them), a
 * readable colored format for development, levels by option. Pass `winston` to plug in
 * your own winston logger (add `serializeErrors()` to its format to get the same error
 * fields). Fields named `data` or `stringData` are redacted, so a Secret logged by mistake
 * does not leak. A field `error` (or `err`), and any field holding an Error, goes through
 * `serializeError`: message, stack, `cause` chain and own fields, whatever was thrown.
 * @module
 */
import winston from 'winston';
import type { LogFields, Logger } from '../api/logger.js';
import { isError, serializeError } from './serialize-error.js';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface LoggerOptions {
  /** Default `info` (or `OPERANT_LOG_LEVEL`). */
  level?: LogLevel;
  /** `json` (default) or `console` (colored, for development). */
  format?: 'json' | 'console';
  /** Your own winston logger; `level` and `format` are then ignored. */
  winston?: winston.Logger;
  /** Where lines go; default stderr. */
  stream?: NodeJS.WritableStream;
  /** Base fields on every line (e.g. `{ logger: 'operant' }`). */
  fields?: LogFields;
}

const redacted = new Set(['data', 'stringData']);

const redact = winston.format((info) => {
  for (const key of Object.keys(info)) if (redacted.has(key)) info[key] = '[redacted]';
  return info;
});

/** The winston format that writes thrown values with `serializeError` (fields `error`, `err`, and any Error). */
export const serializeErrors = winston.format((info) => {
  for (const key of Object.keys(info)) {
    const value = info[key];
    if (key === 'error' || key === 'err' || isError(value)) info[key] = serializeError(value);
  }
  return info;
});

const renameForZap = winston.format((info) => {
  const { message, timestamp, ...rest } = info as Record<string, unknown>;
  return Object.assign(
    Object.create(null) as winston.Logform.TransformableInfo,
    { level: info.level, ts: timestamp, msg: message },
    rest,
    { [Symbol.for('level')]: info[Symbol.for('level') as unknown as string] },
  );
});

function adapt(w: winston.Logger): Logger {
  return {
    error: (message, fields) => void w.error(message, fields),
    warn: (message, fields) => void w.warn(message, fields),
    info: (message, fields) => void w.info(message, fields),
    debug: (message, fields) => void w.debug(message, fields),
    child: (fields) => adapt(w.child(fields)),
  };
}

/** A Logger on winston. */
export function newLogger(options: LoggerOptions = {}): Logger {
  if (options.winston !== undefined)
    return adapt(options.fields ? options.winston.child(options.fields) : options.winston);
  const level = options.level ?? (process.env.OPERANT_LOG_LEVEL as LogLevel | undefined) ?? 'info';
  const format =
    options.format === 'console'
      ? winston.format.combine(
          redact(),
          serializeErrors(),
          winston.format.timestamp({ format: 'HH:mm:ss.SSS' }),
          winston.format.colorize(),
          winston.format.printf(({ timestamp, level: lvl, message, ...fields }) => {
            const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
            return `${timestamp} ${lvl} ${message}${rest}`;
          }),
        )
      : winston.format.combine(
          redact(),
          serializeErrors(),
          winston.format.timestamp(),
          renameForZap(),
          winston.format.json(),
        );
  const transport = new winston.transports.Stream({ stream: options.stream ?? process.stderr });
  return adapt(winston.createLogger({ level, format, transports: [transport], defaultMeta: options.fields }));
}
