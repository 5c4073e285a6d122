/**
 * client-go's `retry.RetryOnConflict` for the storage migration: runs `attempt` again while
 * it fails with a conflict (someone else wrote the object between our read and our write),
 * up to `times`, then lets the last conflict through.
 * @module
 */
import { isConflict } from '@operant/core';

export async function retryOnConflict<T>(attempt: () => Promise<T>, times = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isConflict(err) || i >= times) throw err;
    }
  }
}
