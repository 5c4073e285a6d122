/**
 * The rules that compare two CRDs as a whole (crdify's global validations and more): scope,
 * versions removed or no longer served, stored versions dropped, the storage version moved,
 * printer columns removed (a warning: `kubectl get` output changes, no object breaks); then
 * each version present in both is handed to `walk.ts`.
 * @module
 */
import type { CustomResourceDefinition } from '@operant/crd';
import { type Change, change } from './change.js';
import { compareSchemas } from './walk.js';

/** A CRD as read from a file or a cluster: what crd-gen writes, plus `status.storedVersions` when present. */
export type StoredCrd = CustomResourceDefinition & { status?: { storedVersions?: string[] } };

type CrdVersion = CustomResourceDefinition['spec']['versions'][number];

const storageVersion = (crd: CustomResourceDefinition) => crd.spec.versions.find((v) => v.storage)?.name;

function compareVersions(crd: string, old: StoredCrd, next: CustomResourceDefinition): Change[] {
  const changes: Change[] = [];
  const versions = new Map(next.spec.versions.map((v) => [v.name, v]));
  for (const version of old.spec.versions.filter((v) => v.served)) {
    const now = versions.get(version.name);
    if (now === undefined) changes.push(change('versionRemoval', { crd, version: version.name }, 'version removed'));
    else if (!now.served)
      changes.push(change('versionRemoval', { crd, version: version.name }, 'version no longer served'));
  }
  for (const stored of old.status?.storedVersions ?? []) {
    if (!versions.has(stored)) {
      changes.push(
        change(
          'storedVersionRemoval',
          { crd, version: stored },
          'a stored version was removed; migrate the stored objects and drop it from status.storedVersions first',
        ),
      );
    }
  }
  const before = storageVersion(old);
  const after = storageVersion(next);
  if (before !== undefined && after !== undefined && before !== after) {
    changes.push(
      change(
        'storageVersion',
        { crd },
        `storage version changed from ${before} to ${after}; objects stored at ${before} stay so until migrated`,
      ),
    );
  }
  return changes;
}

function compareColumns(crd: string, old: CrdVersion, next: CrdVersion) {
  const names = new Set((next.additionalPrinterColumns ?? []).map((c) => c.name));
  return (old.additionalPrinterColumns ?? [])
    .filter((c) => !names.has(c.name))
    .map((c) => change('printerColumnRemoval', { crd, version: old.name }, `printer column ${c.name} removed`));
}

/** Every incompatible change from `old` to `next`, two versions of the same CRD. */
export function compareCrd(old: StoredCrd, next: CustomResourceDefinition): Change[] {
  const crd = next.metadata.name;
  const changes: Change[] = [];
  if (old.spec.scope !== next.spec.scope) {
    changes.push(change('scope', { crd }, `scope changed from ${old.spec.scope} to ${next.spec.scope}`));
  }
  changes.push(...compareVersions(crd, old, next));
  for (const version of old.spec.versions) {
    const now = next.spec.versions.find((v) => v.name === version.name);
    if (now === undefined) continue;
    changes.push(...compareColumns(crd, version, now));
    changes.push(
      ...compareSchemas(version.schema.openAPIV3Schema, now.schema.openAPIV3Schema, {
        crd,
        version: version.name,
        path: '',
      }),
    );
  }
  return changes;
}

/** Every incompatible change from the old CRDs to the new ones; an old CRD no longer generated is one. */
export function compareCrds(old: readonly StoredCrd[], next: readonly CustomResourceDefinition[]): Change[] {
  const byName = new Map(next.map((crd) => [crd.metadata.name, crd]));
  return old.flatMap((crd) => {
    const now = byName.get(crd.metadata.name);
    if (now === undefined) return [change('crdRemoval', { crd: crd.metadata.name }, 'CRD no longer generated')];
    return compareCrd(crd, now);
  });
}
