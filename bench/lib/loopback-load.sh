# Sourced by bench/*.sh: wait for a server on loopback, then load it with autocannon.
#   wait_ready PATH TRIES DELAY   polls http://127.0.0.1:$PORT$PATH until it answers
#   make_load PATH                sets the array `load` (autocannon, $CONCURRENCY connections;
#                                 POSTs $BODY as JSON when BODY is set); run it as "${load[@]}" -a N
wait_ready() {
  for _ in $(seq 1 "$2"); do
    curl -s -o /dev/null "http://127.0.0.1:$PORT$1" && return 0
    sleep "$3"
  done
  return 0
}

make_load() {
  load=(npx autocannon -c "$CONCURRENCY" "http://127.0.0.1:$PORT$1")
  if [[ -n ${BODY:-} ]]; then load+=(-m POST -H content-type=application/json -i "$BODY"); fi
}
