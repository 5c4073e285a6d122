/**
 * Events from outside the cluster: anything may ask for a Notice to be refreshed (a timer,
 * a webhook, a message queue). The controller watches it through `@Channel()`.
 * @module
 */

import { EventEmitter } from 'node:events';
import { Injectable } from '@operant/core';

@Injectable()
export class RefreshBus extends EventEmitter {
  refresh(namespace: string, name: string): void {
    this.emit('event', { metadata: { namespace, name } });
  }
}
