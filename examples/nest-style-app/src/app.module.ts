/**
 * The root module: the Notice controller, its RefreshBus, and the formatting module.
 * @module
 */
import { Module } from '@operant/core';
import { FormattingModule } from './formatting/formatting.module.js';
import { NoticeController } from './notices/notice.controller.js';
import { RefreshBus } from './notices/refresh-bus.js';

@Module({ imports: [FormattingModule], controllers: [NoticeController], providers: [RefreshBus] })
export class AppModule {}
