/**
 * `@operant/testing`: what operator authors test with. `Environment` starts a real control
 * plane (envtest); `@operant/testing/jest` shares one across jest suites and adds matchers;
 * `@operant/testing/fake` has the fake client and the reconcile harness for unit tests.
 * @module
 */
export * from './envtest/index.js';
export { type EventuallyOptions, eventually } from './eventually.js';
