#!/usr/bin/env bash
# Instructions per scrub of one text under callgrind (main thread): a figure that does not depend
# on the CPU share a loaded machine gives, for scrubber changes CPU timing cannot resolve. Warms up
# uninstrumented, then counts ROUNDS scrubs. SIM=1 adds callgrind's branch and cache simulation
# (mispredicted conditional branches Bcm, first-level data read misses D1mr per scrub): a change
# that trades instructions for mispredictions or misses shows there, not in the instruction count. The text is bench/scrub.bench.ts's prose and code
# (clean) or the same with a secret every 40 lines (dirty), SIZE characters.
# node runs --single-threaded: with background compilation the tier the main thread is in when
# counting starts depends on thread scheduling, and two runs of one tree differed by a third
# (254.5k and 340.6k instructions per 4 KB scrub); compiled on the main thread, repeats of one
# tree agree to within a few instructions in 250k. Code changes can still move the JIT's choices
# (a variant that only changed the hit callback's arity read 328k against 258k): confirm a
# difference with a repeat and with bench/scrub-ab.bench.ts. The per-scrub figure includes
# 1/ROUNDS of the process exit (about 4M instructions): compare runs with the same ROUNDS.
#
#   bench/scrub-callgrind.sh TREE [clean|dirty] [SIZE] [WARMUP] [ROUNDS]     e.g.
#   git worktree add /tmp/base HEAD && ln -s "$PWD/node_modules" /tmp/base/node_modules
#   bench/scrub-callgrind.sh /tmp/base clean 4096; bench/scrub-callgrind.sh . clean 4096
set -euo pipefail
tree=${1:?usage: $0 TREE [clean|dirty] [SIZE] [WARMUP] [ROUNDS]}
kind=${2:-clean}
size=${3:-4096}
warmup=${4:-3000}
rounds=${5:-200}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$out"' EXIT
mkfifo "$out/in"
sim=()
[ "${SIM:-0}" = 1 ] && sim=(--branch-sim=yes --cache-sim=yes)
valgrind --tool=callgrind "${sim[@]}" --instr-atstart=no --separate-threads=yes --smc-check=all-non-file \
  --callgrind-out-file="$out/cg.%p" node --single-threaded --import tsx "$here/bench/scrub-callgrind.ts" \
  "$tree" "$kind" "$size" "$warmup" "$rounds" <"$out/in" >"$out/stdout" 2>"$out/log" &
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
if [ "${SIM:-0}" = 1 ]; then
  # events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim, per scrub
  read -r -a names < <(grep -h '^events:' "$out"/cg.*-01 | head -1 | cut -d' ' -f2-)
  read -r -a vals < <(grep -hE '^(summary|totals):' "$out"/cg.*-01 | head -1 | cut -d' ' -f2-)
  line=""
  for k in "${!names[@]}"; do line+="${names[$k]}=$((vals[$k] / n)) "; done
  echo "$tree $kind $size per scrub: $line"
fi
echo "$tree $kind $size: $((ir / n)) instructions per scrub ($((ir / n / size * 1000 / 1000)).$(((ir / n * 10 / size) % 10)) per character; main thread, $n scrubs after $warmup warm-up)"
