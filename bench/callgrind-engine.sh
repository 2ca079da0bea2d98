#!/usr/bin/env bash
# Instructions per uncached evaluation of the engine's main thread under callgrind: a figure that
# does not depend on the CPU share the shared machine gives, for changes CPU timing cannot resolve.
# Warms up (JIT) with WARMUP rounds uninstrumented, then counts ROUNDS rounds of the set's inputs.
# Caveat: on a loaded machine V8's background compiles finish late and leave more of the counted
# rounds in unoptimised code (the same tree gave 0.90M and 1.17M at load 20): compare trees run side
# by side, raise WARMUP, or count parse/copy alone. (--single-threaded counts the compiles instead.)
#
#   [PHASE=evaluate|analyze|parse] bench/callgrind-engine.sh TREE SET [WARMUP] [ROUNDS]     e.g.
#   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
#   bench/callgrind-engine.sh /tmp/base python; bench/callgrind-engine.sh . python
#
# SET: python, node, sql, docker, tool_call (bench/fixtures/*.txt under 300 chars), bench or benign (bash), as in engine-ab.ts.
set -euo pipefail
tree=${1:?usage: $0 TREE SET [WARMUP] [ROUNDS]}
set_=${2:?usage: $0 TREE SET [WARMUP] [ROUNDS]}
warmup=${3:-10}
rounds=${4:-4}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$out"' EXIT
mkfifo "$out/in"
valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes --smc-check=all-non-file \
  --callgrind-out-file="$out/cg.%p" node --import tsx "$here/bench/callgrind-engine.ts" \
  "$tree" "$set_" "$warmup" "$rounds" <"$out/in" >"$out/stdout" 2>"$out/log" &
pid=$!
exec 3>"$out/in"
until grep -q ready "$out/stdout" 2>/dev/null; do
  kill -0 "$pid" 2>/dev/null || { tail "$out/log" >&2; exit 1; }
  sleep 1
done
callgrind_control -i on "$pid" >/dev/null
echo go >&3
wait "$pid" || true
n=$(awk '/^done/ {print $2}' "$out/stdout")
ir=$(grep -hE '^(summary|totals):' "$out"/cg.*-01 | head -1 | awk '{print $2}')
echo "$tree $set_ ${PHASE:-evaluate}: $((ir / n)) instructions per input (main thread, $n evaluations after $warmup warm-up rounds)"
