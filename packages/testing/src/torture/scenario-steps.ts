/**
 * The user's side of a run: each `ScenarioStep` done as a user would, through a client of its
 * own (field manager `torture-user`), in the run's namespace.
 * @module
 */
import { type Client, ignoreNotFound, isAlreadyExists, type KubernetesObject } from '@operant/core';
import { mergePatch } from '@operant/core/client';
import type { ScenarioStep } from './options.js';

/** What a step did: the object as the API server answered (absent once deleted), or why it failed. */
export type StepResult = { done: true; object: KubernetesObject; deleted: boolean } | { done: false; problem: string };

/** Does one user action. */
export async function runStep(user: Client, namespace: string, step: ScenarioStep): Promise<StepResult> {
  const obj = stepObject(step, namespace);
  try {
    switch (step.action) {
      case 'apply': {
        const applied = await user.create(obj).catch((err: unknown) => {
          if (!isAlreadyExists(err)) throw err;
          const { labels, annotations } = step.object.metadata ?? {};
          return user.patch(obj, mergePatch({ metadata: { labels, annotations }, spec: step.object.spec }));
        });
        return { done: true, object: applied, deleted: false };
      }
      case 'patch':
        return { done: true, object: await user.patch(obj, mergePatch(step.patch)), deleted: false };
      case 'delete':
        await user.delete(obj, { propagationPolicy: 'Background' }).catch(ignoreNotFound);
        return { done: true, object: obj, deleted: true };
    }
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { done: false, problem: `unable to ${describeStep(step)} in ${namespace}: ${why}` };
  }
}

/** The step's object in `namespace` (for patch and delete, only its coordinates). */
function stepObject(step: ScenarioStep, namespace: string): KubernetesObject {
  const { apiVersion, kind } = step.object;
  const given = step.action === 'apply' ? step.object : { apiVersion, kind };
  return { ...given, metadata: { ...given.metadata, name: objectName(step), namespace } } as KubernetesObject;
}

function objectName(step: ScenarioStep): string {
  return step.action === 'apply' ? (step.object.metadata?.name ?? '') : step.object.name;
}

/** `apply Widget web`, `patch Widget web`, `delete ConfigMap web-0`. */
export function describeStep(step: ScenarioStep): string {
  return `${step.action} ${step.object.kind} ${objectName(step)}`;
}
