/**
 * Kubernetes Events: `manager.getEventRecorderFor(name).event(obj, 'Normal', 'Created', '…')`,
 * or `.eventf(regarding, related, type, reason, action, note)`; `events.k8s.io/v1` with
 * series by default, core/v1 with the manager option `events: { api: 'v1' }`.
 * @module events
 */
export { EventBroadcaster, type EventsAPI, type EventsOptions } from './broadcaster.js';
export { type EventRecorder, type EventType, Recorder } from './recorder.js';
