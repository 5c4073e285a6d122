/**
 * Where the commands write: `stdout` for what they wrote, checked or diffed, `stderr` for
 * warnings. The binary uses the process's streams; programmatic callers and tests pass their own.
 * @module
 */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const processIo: CommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};
