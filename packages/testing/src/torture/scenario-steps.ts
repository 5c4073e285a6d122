/**
 * The user's side of a run: each `ScenarioStep` done as a user would, through a client of its
 * own (field manager `torture-user`), in the run's namespace.
 * @module
 */
import { ignoreNotFound, isAlreadyExists, type KubernetesObject } from '@operant/core';
import { type ApiClient, mergePatch } from '@operant/core/client';
import type { ScenarioStep } from './options.js';

/** Does one user action; returns why it failed, or undefined. */
export async function runStep(user: ApiClient, namespace: string, step: ScenarioStep): Promise<string | undefined> {
  const obj = stepObject(step, namespace);
  try {
    switch (step.action) {
      case 'apply':
        await user.create(obj).catch((err: unknown) => {
          if (!isAlreadyExists(err)) throw err;
          const { labels, annotations } = step.object.metadata ?? {};
          return user.patch(obj, mergePatch({ metadata: { labels, annotations }, spec: step.object.spec }));
        });
        return undefined;
      case 'patch':
        await user.patch(obj, mergePatch(step.patch));
        return undefined;
      case 'delete':
        await user.delete(obj, { propagationPolicy: 'Background' }).catch(ignoreNotFound);
        return undefined;
    }
  } catch (err) {
    return `unable to ${describeStep(step)} in ${namespace}: ${err instanceof Error ? err.message : String(err)}`;
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
