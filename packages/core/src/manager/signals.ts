/**
 * `setupSignalHandler()`: an AbortSignal that aborts on the first SIGINT or SIGTERM, so the
 * manager shuts down gracefully; a second signal exits at once with status 1 (the one
 * deliberate exit in the runtime, as controller-runtime's `SetupSignalHandler`).
 * @module
 */
let installed: AbortSignal | undefined;

export function setupSignalHandler(): AbortSignal {
  if (installed !== undefined) return installed;
  const controller = new AbortController();
  installed = controller.signal;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) {
      controller.abort(new Error(`received ${signal}`));
      return;
    }
    process.exit(1);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return installed;
}
