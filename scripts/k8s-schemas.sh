#!/usr/bin/env bash
# Regenerates the schemas of the Kubernetes API types CRD classes may embed
# (`@KubernetesType('core/v1.PodTemplateSpec')`): tools/k8s-schemas runs controller-tools'
# parser on the k8s.io/api sources pinned in its go.mod (the envtest version), and writes
# packages/crd/data/k8s-types.json (the schemas, with the versions they came from) and
# packages/crd/src/k8s/type-names.ts (the names, as a TypeScript union). Reproducible: the
# same go.mod gives the same bytes. Run it after changing the pinned versions.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packages=(
  k8s.io/api/core/v1 k8s.io/api/apps/v1 k8s.io/api/batch/v1 k8s.io/api/autoscaling/v1
  k8s.io/api/autoscaling/v2 k8s.io/api/policy/v1 k8s.io/api/networking/v1 k8s.io/api/rbac/v1
  # from apimachinery, the types API fields use (not its list options, watch events, …)
  "k8s.io/apimachinery/pkg/apis/meta/v1#LabelSelector,Time,MicroTime,Duration,Condition,ObjectMeta,OwnerReference"
  "k8s.io/apimachinery/pkg/api/resource#Quantity" "k8s.io/apimachinery/pkg/util/intstr#IntOrString"
)
data="$root/packages/crd/data/k8s-types.json"
mkdir -p "$(dirname "$data")"
start=$SECONDS
(cd "$root/tools/k8s-schemas" && go run . "${packages[@]}") >"$data.tmp"
mv -f "$data.tmp" "$data"
node "$root/scripts/k8s-type-names.mjs" "$data" "$root/packages/crd/src/k8s/type-names.ts"
printf '[k8s-schemas] %s: %s bytes, %s types, %ss\n' "${data#"$root/"}" "$(wc -c <"$data")" \
  "$(node -e 'console.log(Object.keys(JSON.parse(require("fs").readFileSync(process.argv[1])).types).length)' "$data" 2>/dev/null || echo '?')" \
  "$((SECONDS - start))" >&2
