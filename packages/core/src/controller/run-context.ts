/**
 * The context of one reconcile run, built lazily: most reconcilers never touch the logger or
 * the signal, and a logger child, a combined AbortSignal and a UUID per run are the largest
 * fixed costs of a reconcile after the client's requests. Each is made on first use and is
 * then the same for the whole run, so what a reconciler sees is what an eager context gives:
 * a logger with `namespace`, `name` and `reconcileID` (and `trace_id`, `span_id` when the run
 * is traced), a signal that aborts on the
 * controller's hard stop and after the reconcile timeout, and a UUID.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { ReconcileContext } from '../api/reconciler.js';
import type { Request } from '../api/request.js';

export class RunContext implements ReconcileContext {
  private id: string | undefined;
  private logger: Logger | undefined;
  private combined: AbortSignal | undefined;

  constructor(
    private readonly request: Request,
    private readonly parentLog: Logger,
    private readonly stop: AbortSignal,
    /** The reconcile timeout's signal, when there is a timeout. */
    readonly timeout: AbortSignal | undefined,
    /** The run's span, when one records: the logger then also carries `trace_id` and `span_id`. */
    private readonly span?: { readonly ids: { trace_id: string; span_id: string } },
  ) {}

  /** Whether the reconcileID was made (used) already. */
  get hasReconcileID(): boolean {
    return this.id !== undefined;
  }

  get reconcileID(): string {
    this.id ??= process.getBuiltinModule('node:crypto').randomUUID();
    return this.id;
  }

  get log(): Logger {
    this.logger ??= this.parentLog.child({
      namespace: this.request.namespace,
      name: this.request.name,
      reconcileID: this.reconcileID,
      ...this.span?.ids,
    });
    return this.logger;
  }

  /** A signal of its own per run (listeners a reconcile leaves on it go with it). */
  get signal(): AbortSignal {
    this.combined ??= AbortSignal.any(this.timeout === undefined ? [this.stop] : [this.stop, this.timeout]);
    return this.combined;
  }
}
