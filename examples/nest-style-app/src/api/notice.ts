/**
 * The Notice kind: a message that the operator publishes as a ConfigMap `<name>-notice`.
 * @module
 */
import { resourceType } from '@operant/core/resources';

export interface Notice {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    generation?: number;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: { message: string; shout?: boolean };
  status?: { observedGeneration?: number; refreshes?: number };
}

export const NoticeType = resourceType<Notice>({
  group: 'example.operant.dev',
  version: 'v1',
  kind: 'Notice',
  plural: 'notices',
  namespaced: true,
});
