/**
 * Health and readiness checks served the way Kubernetes components serve them:
 * `/healthz` and `/readyz` answer `ok` (200) or list failures (503); `?verbose` lists every
 * check as `[+]name ok` / `[-]name failed: reason`; `?exclude=name` skips one;
 * `/readyz/<name>` runs one check (404 if unknown). A check resolves (healthy) or throws.
 * @module
 */

export type Check = () => void | Promise<void>;

export interface CheckResponse {
  status: number;
  body: string;
}

/** What answers `/healthz` or `/readyz`: `subpath` names one check (or is empty for all). */
export interface CheckEndpoint {
  respond(subpath: string, query: URLSearchParams): Promise<CheckResponse>;
}

const CHECK_TIMEOUT_MS = 5_000;

async function run(check: Check): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

export class Checks implements CheckEndpoint {
  private readonly checks = new Map<string, Check>();

  constructor(readonly endpoint: 'healthz' | 'readyz') {}

  add(name: string, check: Check): void {
    if (!/^[a-z0-9][a-z0-9.-]*$/.test(name)) {
      throw new Error(
        `unable to add ${this.endpoint} check "${name}": names are lowercase letters, digits, '.' and '-'`,
      );
    }
    if (this.checks.has(name)) throw new Error(`unable to add ${this.endpoint} check ${name}: it already exists`);
    this.checks.set(name, check);
  }

  /** Answers `/<endpoint>` or `/<endpoint>/<name>` with the query of the request. */
  async respond(subpath: string, query: URLSearchParams): Promise<CheckResponse> {
    if (subpath !== '') {
      const check = this.checks.get(subpath);
      if (check === undefined) return { status: 404, body: `${this.endpoint} check ${subpath} not found\n` };
      const failure = await run(check);
      return failure === undefined
        ? { status: 200, body: 'ok' }
        : { status: 503, body: `internal server error: ${failure}\n` };
    }
    const excluded = new Set(query.getAll('exclude'));
    const lines: string[] = [];
    let failed = false;
    for (const [name, check] of this.checks) {
      if (excluded.has(name)) {
        lines.push(`[+]${name} excluded: ok`);
        continue;
      }
      const failure = await run(check);
      if (failure === undefined) lines.push(`[+]${name} ok`);
      else {
        failed = true;
        lines.push(`[-]${name} failed: ${failure}`);
      }
    }
    const verbose = query.has('verbose');
    if (!failed) return { status: 200, body: verbose ? `${lines.join('\n')}\n${this.endpoint} check passed\n` : 'ok' };
    return { status: 503, body: `${lines.join('\n')}\n${this.endpoint} check failed\n` };
  }
}
