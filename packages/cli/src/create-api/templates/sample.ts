/**
 * `config/samples/<group>_<version>_<kind>.yaml`: one object of the new kind, for
 * `kubectl apply -k config/samples`.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const samplePath = (names: ResourceNames) =>
  `config/samples/${names.group}_${names.version}_${names.lower}.yaml`;

export function sampleFile(names: ResourceNames, projectName: string): ScaffoldFile {
  return {
    path: samplePath(names),
    content: `apiVersion: ${names.qualifiedGroup}/${names.version}
kind: ${names.kind}
metadata:
  labels:
    app.kubernetes.io/name: ${projectName}
    app.kubernetes.io/managed-by: kustomize
  name: ${names.lower}-sample
spec:
  # TODO(user): the fields of ${names.kind}Spec
  foo: bar
`,
  };
}
