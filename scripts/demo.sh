#!/usr/bin/env bash
# The README's first command (also `pnpm demo`): sets up a fresh machine (scripts/setup.sh:
# dependencies, the envtest binaries built on first use with progress, the build), then runs
# the RedisCluster operator (examples/redis-operator) on a local control plane: applies the
# sample, scales it 3 → 5, deletes it, printing what the operator did, and exits 0.
# `--keep` leaves the control plane and the operator running and prints a kubeconfig for kubectl.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec node examples/redis-operator/scripts/demo.mjs "$@"
