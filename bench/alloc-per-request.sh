#!/usr/bin/env bash
# Young-generation bytes a server allocates per request: the server runs with its semi-spaces fixed at
# 16 MB and --trace-gc; after WARMUP requests, N more are sent and the scavenges they caused are
# counted (each scavenge ≈ one full 16 MB semi-space). Garbage is what drives GC time and cache misses
# on the request path, which instruction counts (bench/callgrind-requests.sh) do not show.
#
#   bench/alloc-per-request.sh URL_PATH -- COMMAND...      e.g.
#   BODY=body.json bench/alloc-per-request.sh /api/v1/validate -- node dist/bundle/main.js serve
#
# COMMAND's first word must be node (the GC flags are inserted after it). The server must listen on
# $PORT (set here; agent-guard reads AGENT_GUARD_PORT, also set). BODY=file posts that file as JSON.
# N (default 20000), WARMUP (5000), CONCURRENCY (8). Needs npx autocannon (a devDependency).
set -euo pipefail
# shellcheck source=lib/loopback-load.sh
source "$(dirname "$0")/lib/loopback-load.sh"
path=${1:?usage: $0 URL_PATH -- node ARGS...}
shift
[[ ${1:-} == -- ]] && shift
node_bin=${1:?usage: $0 URL_PATH -- node ARGS...}
shift
N=${N:-20000}; WARMUP=${WARMUP:-5000}; CONCURRENCY=${CONCURRENCY:-8}
PORT=${PORT:-$((20000 + RANDOM % 20000))}
log=$(mktemp)
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
PORT=$PORT AGENT_GUARD_PORT=$PORT "$node_bin" --trace-gc --min-semi-space-size=16 --max-semi-space-size=16 "$@" \
  >"$log" 2>&1 &
pid=$!
wait_ready "$path" 100 0.2
make_load "$path"
"${load[@]}" -a "$WARMUP" >/dev/null 2>&1
before=$(grep -c Scavenge "$log" || true)
"${load[@]}" -a "$N" >/dev/null 2>&1
after=$(grep -c Scavenge "$log" || true)
scavenges=$((after - before))
echo "$path: $scavenges scavenges in $N requests ≈ $((scavenges * 16 * 1024 * 1024 / N)) bytes allocated per request (16 MB semi-space)"
