#!/usr/bin/env bash
# A/B of two sidecars under the same load, in alternating rounds: on a shared machine whose
# throughput swings by a third from minute to minute, a change worth 1-2 µs per request only shows
# when the two servers are measured turn about in the same minutes. Prints, per round and side,
# wrk's req/s and the server's CPU (user + system, all threads, from /proc) per request.
#
#   bench/ab-sidecar.sh [ROUNDS] [URL_PATH] [JSON_BODY]
#   A=dist/old/main.js bench/ab-sidecar.sh 4                      # an earlier build against this one
#   A_ENV='AGENT_GUARD_LOG_LEVEL=info' B_ENV='AGENT_GUARD_LOG_LEVEL=warn' A=dist/bundle/main.js bench/ab-sidecar.sh
#
# A and B: the bundles to start (default dist/old/main.js and dist/bundle/main.js; build the older
# one with `npx tsx scripts/bundle-cli.ts --outdir dist/old` on the older commit). A_ENV and B_ENV:
# extra environment for each, as NAME=value words. Both run as shipped (SERVE_NODE_FLAGS and
# SERVE_ENV of src/cli/serve-memory.ts), log lines to /dev/null, on embedded defaults; set
# AGENT_GUARD_UPSTREAM in the environment to A/B a proxied path. URL_PATH defaults to
# /api/v1/validate, JSON_BODY to {"command":"ls -la"} (POST); an empty JSON_BODY sends GETs.
# SECONDS_PER_ROUND (default 5), CONNECTIONS (default 32). Needs wrk.
set -euo pipefail
rounds=${1:-4}
path=${2:-/api/v1/validate}
body=${3-'{"command":"ls -la"}'}
seconds=${SECONDS_PER_ROUND:-5}
connections=${CONNECTIONS:-32}
a=${A:-dist/old/main.js}
b=${B:-dist/bundle/main.js}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a positive whole number (got $rounds)" >&2; exit 2; }
for bundle in "$a" "$b"; do
  [[ -f $bundle ]] || { echo "$bundle is missing: build it first (npm run build)" >&2; exit 2; }
done
ticks=$(getconf CLK_TCK)
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
if [[ -n $body ]]; then
  # wrk's Lua script: the body as a long-bracket string, so quotes in it need no escaping.
  printf 'wrk.method = "POST"\nwrk.body = [==[%s]==]\nwrk.headers["Content-Type"] = "application/json"\n' "$body" >"$work/post.lua"
  script=(-s "$work/post.lua")
else
  script=()
fi

start() { # bundle port env-words
  # shellcheck disable=SC2086 # the env words are meant to split
  env $3 MALLOC_TRIM_THRESHOLD_=131072 AGENT_GUARD_PORT="$2" node --max-semi-space-size=4 "$1" serve >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 1 50); do
    curl -s -o /dev/null "http://127.0.0.1:$2/api/v1/health" && return 0
    sleep 0.2
  done
  echo "the server $1 did not answer on port $2" >&2
  exit 1
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

port_a=$((20000 + RANDOM % 20000))
port_b=$((port_a + 1))
start "$a" "$port_a" "${A_ENV:-}"
start "$b" "$port_b" "${B_ENV:-}"
pid_a=${pids[0]}
pid_b=${pids[1]}
echo "A: $a ${A_ENV:-}"
echo "B: $b ${B_ENV:-}"
echo "wrk -t1 -c$connections -d${seconds}s ${body:+POST }$path, $rounds alternating rounds after one unmeasured round each"
for port in "$port_a" "$port_b"; do wrk -t1 -c"$connections" -d"${seconds}s" "${script[@]}" "http://127.0.0.1:$port$path" >/dev/null; done
for round in $(seq 1 "$rounds"); do
  for side in A B; do
    if [[ $side == A ]]; then pid=$pid_a port=$port_a; else pid=$pid_b port=$port_b; fi
    before=$(cpu_ticks "$pid")
    out=$(wrk -t1 -c"$connections" -d"${seconds}s" "${script[@]}" "http://127.0.0.1:$port$path")
    after=$(cpu_ticks "$pid")
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    awk -v r="$round" -v s="$side" -v rps="$rps" -v t=$((after - before)) -v hz="$ticks" -v n="$requests" \
      'BEGIN { printf "round %d %s: %8.0f req/s, %6.1f µs CPU per request\n", r, s, rps, t * 1e6 / hz / n }'
  done
done
