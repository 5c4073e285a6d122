/**
 * Kubernetes Events: `manager.getEventRecorderFor(name).event(obj, 'Normal', 'Created', '…')`.
 * @module events
 */
export { type EventRecorder, type EventType, Recorder, type RecorderOptions } from './recorder.js';
