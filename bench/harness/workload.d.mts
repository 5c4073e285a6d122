/** Types of `workload.mjs` for the TypeScript peer. @module */
export interface WidgetObject {
  apiVersion?: string;
  kind?: string;
  metadata: { name: string; namespace: string; uid: string; generation: number; resourceVersion?: string };
  spec?: { replicas?: number; data?: string };
  status?: { observedGeneration?: number; ready?: boolean };
}
export const GROUP: string;
export const VERSION: string;
export const WIDGETS: string;
export const crd: object;
export function converged(w: WidgetObject): boolean;
export function childConfigMap(w: WidgetObject): {
  apiVersion: string;
  kind: string;
  metadata: object;
  data: Record<string, string>;
};
export function statusPatch(w: WidgetObject): { status: { observedGeneration: number; ready: boolean } };
export function applyPath(w: WidgetObject): string;
export function statusPath(w: WidgetObject): string;
