#!/usr/bin/env bash
# Fails when anything in the repository refers to a path outside it: the repository must stand alone (a clone is all a
# user has), so code, tests, scripts and docs cite docs/api.md and docs/architecture.md, and read test/fixtures.
# Usage: scripts/check-stands-alone.sh [repository root, default: the one holding this script]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"
# Written so that this file does not match itself: a bracket or an escaped dot breaks each literal.
patterns=(
  '\.\./shared'           # the sibling folder of the original workspace
  'shared/[s]pec'
  'shared/[D]ESIGN'
  '[w]ire\.md'            # documents a user of this repository does not have
  '[D]ESIGN\.md'
  '[i]nterface\.md'
  '/[w]ork/'              # absolute paths of a development machine
)
args=()
for pattern in "${patterns[@]}"; do args+=(-e "$pattern"); done
places=()
for place in src web test bench scripts docs .ci package.json README.md Dockerfile docker-compose.yml docker-compose.cluster.yml deploy; do
  [[ -e "$place" ]] && places+=("$place")
done
if grep -rEn --exclude-dir=node_modules --exclude-dir=data "${args[@]}" "${places[@]}"; then
  echo "check-stands-alone: the lines above refer to a path outside the repository" >&2
  exit 1
fi
echo "check-stands-alone: no reference to a path outside the repository"
