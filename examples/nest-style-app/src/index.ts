/**
 * The example's pieces, for its tests.
 * @module
 */
export { type Notice, NoticeType } from './api/notice.js';
export { AppModule } from './app.module.js';
export { RefreshBus } from './notices/refresh-bus.js';
