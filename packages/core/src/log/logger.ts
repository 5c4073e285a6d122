/**
 * `newLogger(options)`: the runtime's default `Logger`. JSON lines in production (`ts`,
 * `level`, `msg` and the structured fields, keys sorted, as winston's `json` format wrote them
 * and as controller-runtime's zap logger names them), a readable colored format for
 * development, levels by option. It writes the lines itself, so a manager does not load
 * winston; pass `winston` to log through your own winston logger instead. Fields named
 * `data` or `stringData` are redacted, so a Secret logged by mistake does not leak. A field
 * `error` (or `err`), and any field holding an Error, goes through `serializeError`:
 * message, stack, `cause` chain and own fields, whatever was thrown.
 * @module
 */
import type winston from 'winston';
import type { LogFields, Logger } from '../api/logger.js';
import { jsonLine } from './json-line.js';
import { isErrorField, redacted, serializeError } from './serialize-error.js';
import { adaptWinston } from './winston.js';

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

/** winston's (npm) levels: a line is written when its level is at most the logger's; an unknown level writes nothing. */
const levels: Readonly<Record<string, number>> = {
  error: 0,
  warn: 1,
  info: 2,
  http: 3,
  verbose: 4,
  debug: 5,
  silly: 6,
};
const colors: Readonly<Record<string, number>> = { error: 31, warn: 33, info: 32, debug: 34 };

interface Sink {
  readonly threshold: number;
  readonly base: LogFields | undefined;
  readonly format: (record: Record<string, unknown>) => string;
  readonly write: (line: string) => void;
}

/** A Logger writing lines to `options.stream` (default stderr), or one on `options.winston`. */
export function newLogger(options: LoggerOptions = {}): Logger {
  if (options.winston !== undefined) {
    return adaptWinston(options.fields ? options.winston.child(options.fields) : options.winston);
  }
  const level = options.level ?? (process.env.OPERANT_LOG_LEVEL as LogLevel | undefined) ?? 'info';
  return lineLogger(
    {
      threshold: levels[level] ?? -1,
      base: options.fields,
      format: options.format === 'console' ? consoleLine : zapLine,
      write: (line) => void (options.stream ?? process.stderr).write(line),
    },
    {},
  );
}

function lineLogger(sink: Sink, context: LogFields): Logger {
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      if ((levels[level] as number) > sink.threshold) return;
      sink.write(`${sink.format(record(level, message, context, sink.base, fields))}\n`);
    };
  return {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    child: (fields) => lineLogger(sink, { ...context, ...fields }),
  };
}

/** The fields of one line, merged as winston merges them (the call's over the base over the children's), redacted and with errors serialized. */
function record(
  level: LogLevel,
  message: string,
  context: LogFields,
  base: LogFields | undefined,
  fields: LogFields | undefined,
): Record<string, unknown> {
  const info: Record<string, unknown> = { ...context, ...base, ...fields, level, message };
  if (fields?.message) info.message = `${message} ${String(fields.message)}`;
  delete info.timestamp;
  for (const key of Object.keys(info)) {
    const value = info[key];
    if (redacted.has(key)) info[key] = '[redacted]';
    else if (isErrorField(key, value)) info[key] = serializeError(value);
  }
  return info;
}

/** `{"level":…,"msg":…,"ts":…,…}`: controller-runtime's zap keys, keys sorted. */
function zapLine({ message, ...rest }: Record<string, unknown>): string {
  return jsonLine({ level: rest.level, ts: new Date().toISOString(), msg: message, ...rest });
}

/** `12:00:00.000 info message {"field":…}`, the level colored. */
function consoleLine({ level, message, ...fields }: Record<string, unknown>): string {
  const rest = Object.keys(fields).length > 0 ? ` ${stringify(fields)}` : '';
  return `${clock(new Date())} ${colored(String(level))} ${String(message)}${rest}`;
}

function stringify(fields: LogFields): string {
  try {
    return JSON.stringify(fields);
  } catch {
    return jsonLine(fields); // a cycle or a bigint
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const clock = (d: Date) =>
  `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;

function colored(level: string): string {
  const env = process.env;
  const plain = env.NO_COLOR !== undefined || env.FORCE_COLOR === '0' || env.TERM === 'dumb';
  return plain ? level : `\u001b[${colors[level]}m${level}\u001b[39m`;
}
