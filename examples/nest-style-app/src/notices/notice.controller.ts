/**
 * The Notice controller: keeps `<name>-notice` (a ConfigMap owned by the Notice) holding the
 * formatted message, and counts refreshes asked for on the RefreshBus.
 * @module
 */

import type { V1ConfigMap } from '@kubernetes/client-node';
import {
  CLIENT,
  type Client,
  Controller,
  controllerutil,
  GenerationChanged,
  Inject,
  ignoreNotFound,
  Predicate,
  Reconcile,
  type ReconcileContext,
  type Request,
} from '@operant/core';
import { mergePatch } from '@operant/core/client';
import { Channel } from '@operant/core/decorators';
import { ConfigMap } from '@operant/core/kinds';
import { type Notice, NoticeType } from '../api/notice.js';
import { Formatter } from '../formatting/formatter.js';
import { HasTeam } from './predicates.js';
import { RefreshBus } from './refresh-bus.js';

@Controller({ for: NoticeType, owns: [ConfigMap] })
@GenerationChanged()
@HasTeam()
export class NoticeController {
  constructor(
    private readonly formatter: Formatter,
    private readonly bus: RefreshBus,
    @Inject(CLIENT) private readonly client: Client,
  ) {}

  /** External refresh requests reconcile the Notice they name. */
  @Channel()
  refreshes(): RefreshBus {
    return this.bus;
  }

  /** The method is itself a predicate: paused Notices are left alone. */
  @Predicate()
  notPaused(event: { object?: Notice; objectNew?: Notice }): boolean {
    const notice = event.objectNew ?? event.object;
    return notice?.metadata?.annotations?.['example.operant.dev/paused'] !== 'true';
  }

  @Reconcile()
  async reconcile(request: Request, { log }: ReconcileContext): Promise<void> {
    const notice = await this.client.get(NoticeType, request).catch(ignoreNotFound);
    if (notice === undefined) return; // deleted: the garbage collector removes the ConfigMap
    const desired: V1ConfigMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: request.namespace, name: `${request.name}-notice` },
      data: { message: this.formatter.format(notice.spec?.message ?? '', notice.spec?.shout) },
    };
    controllerutil.setControllerReference(notice, desired);
    await this.client.apply(desired, { force: true, fieldManager: 'notice-controller' });
    const refreshes = (notice.status?.refreshes ?? 0) + 1;
    await this.client
      .status()
      .patch(notice, mergePatch({ status: { observedGeneration: notice.metadata?.generation, refreshes } }));
    log.info('notice published', { refreshes });
  }
}
