#!/usr/bin/env bash
# Builds controller-gen from the Go module pinned in tools/k8s-schemas (sigs.k8s.io/
# controller-tools, the same version that generated packages/crd/data/k8s-types.json) into
# a cache outside the repo, for the differential test of embedded Kubernetes types. A no-op
# when the cached binary reports the pinned version. Prints the binary's path as its last
# line of stdout; progress goes to stderr.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(cd "$root/tools/k8s-schemas" && go list -m -f '{{.Version}}' sigs.k8s.io/controller-tools)
out=${OPERANT_CONTROLLER_GEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/operant/controller-gen}/$version
bin="$out/controller-gen"
if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -qF "$version"; then
  printf '[controller-gen] %s already built\n' "$version" >&2
else
  mkdir -p "$out"
  start=$SECONDS
  printf '[controller-gen] building %s (about a minute on 2 cores)\n' "$version" >&2
  tmp=$(mktemp -d "$out/.build.XXXXXX")
  (cd "$root/tools/k8s-schemas" && CGO_ENABLED=0 go build -trimpath -o "$tmp/controller-gen" sigs.k8s.io/controller-tools/cmd/controller-gen)
  mv -f "$tmp/controller-gen" "$bin"; rm -rf "$tmp"
  printf '[controller-gen] built %s in %ss\n' "$version" "$((SECONDS - start))" >&2
fi
printf '%s\n' "$bin"
