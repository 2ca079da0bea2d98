#!/usr/bin/env bash
# Instructions per request of a server's main thread under callgrind: a figure that repeats within
# about 2% on a machine whose wall-clock benchmarks swing by 30%, so it can tell small changes apart
# (docs/performance.md, "Method"). Starts the server under valgrind with instrumentation off, warms it
# up (JIT) with WARMUP requests, counts N requests, prints total Ir of thread 1 / N.
#
#   bench/callgrind-requests.sh URL_PATH -- COMMAND...        e.g.
#   AGENT_GUARD_UPSTREAM=http://127.0.0.1:9000 bench/callgrind-requests.sh /v1/models -- node dist/bundle/main.js serve
#
# The server must listen on $PORT (set for it here; agent-guard reads AGENT_GUARD_PORT, also set).
# BODY=file posts that file as JSON. N (default 2000), WARMUP (3000), CONCURRENCY (8).
# The server's stdout (its log lines) goes to /dev/null, as in the throughput benches; set
# SERVER_STDOUT=file to count writing them to a file instead (a real file costs far more per line).
# Needs valgrind and npx autocannon (a devDependency).
set -euo pipefail
# shellcheck source=lib/loopback-load.sh
source "$(dirname "$0")/lib/loopback-load.sh"
path=${1:?usage: $0 URL_PATH -- COMMAND...}
shift
[[ ${1:-} == -- ]] && shift
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
N=${N:-2000}; WARMUP=${WARMUP:-3000}; CONCURRENCY=${CONCURRENCY:-8}
PORT=${PORT:-$((20000 + RANDOM % 20000))}
out=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; sleep 0.5; rm -rf "$out"' EXIT
PORT=$PORT AGENT_GUARD_PORT=$PORT valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes \
  --smc-check=all-non-file --callgrind-out-file="$out/cg.%p" "$@" >"${SERVER_STDOUT:-/dev/null}" 2>"$out/server.log" &
pid=$!
wait_ready "$path" 240 0.5
make_load "$path"
"${load[@]}" -a "$WARMUP" >/dev/null 2>&1
callgrind_control -i on "$pid" >/dev/null 2>&1
"${load[@]}" -a "$N" >/dev/null 2>&1
callgrind_control -i off "$pid" >/dev/null 2>&1
callgrind_control -d "$pid" >/dev/null 2>&1
sleep 1
total=$(cat "$out"/cg.*-01 | awk '/^totals:/ {s += $2} END {print s + 0}')
all=$(cat "$out"/cg.* | awk '/^totals:/ {s += $2} END {print s + 0}')
echo "$path: $((total / N)) instructions per request on the main thread, $((all / N)) on all threads (JIT and GC helpers vary more); $N requests after $WARMUP warm-up"
