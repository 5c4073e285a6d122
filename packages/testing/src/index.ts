/**
 * `@operant/testing`: what operator authors test with. `Environment` starts a real control
 * plane (envtest); `@operant/testing/jest` shares one across jest suites.
 * @module
 */
export * from './envtest/index.js';
export { type EventuallyOptions, eventually } from './eventually.js';
