/**
 * One Event write, for both APIs (client-go's `recordEvent`): a repeat is a merge patch of
 * the fields that changed; when the Event is gone (404: expired or deleted) it is created
 * again, whole.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { isNotFound } from '../api/status-error.js';
import type { Client } from '../client/interfaces.js';
import { mergePatch } from '../client/patch.js';

/** Creates `event`, or patches it with `changes` when given. */
export async function writeEvent(client: Client, event: KubernetesObject, changes?: object): Promise<void> {
  if (changes !== undefined) {
    const { apiVersion, kind, metadata } = event;
    try {
      await client.patch({ apiVersion, kind, metadata }, mergePatch(changes));
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  await client.create(event);
}
