#!/usr/bin/env bash
# The README's test command: sets up a fresh machine (scripts/setup.sh), then runs every
# jest project, unit and integration (the latter against a real etcd + kube-apiserver +
# kube-controller-manager). Extra arguments go to jest (e.g. --selectProjects unit).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec node --experimental-vm-modules node_modules/jest/bin/jest.js "$@"
