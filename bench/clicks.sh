#!/usr/bin/env bash
# What counting clicks costs a redirect, and whether the flush keeps up. Two Fuxi instances, one counting
# (FUXI_CLICKS_ENABLED=true, the default) and one not, each with its own embedded database and the same number of
# links, measured in alternating rounds in one run; then a sustained load over many links on the counting one, with
# the flush's figures read from its metrics. Targets only 127.0.0.1, is bounded in time, and stops everything it
# started.
#
#   bench/clicks.sh                  # 10,000 links, 3 rounds of 20 s each; then 60 s over 100,000 links
#   BENCH_ROUNDS=5 BENCH_SUSTAINED_LINKS=50000 bench/clicks.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

LINKS=${BENCH_LINKS:-10000}
ROUNDS=${BENCH_ROUNDS:-3}
DURATION=${BENCH_DURATION:-20}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
SUSTAINED_LINKS=${BENCH_SUSTAINED_LINKS:-100000}
SUSTAINED_SECONDS=${BENCH_SUSTAINED_SECONDS:-60}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/clicks-XXXX")
OTHER_PID=
stop_both() { stop_fuxi; LAUNCHER_PID=$OTHER_PID; stop_fuxi; }
trap stop_both EXIT

# links LABEL PORT KEY COUNT: makes COUNT links with bulk creates, writes their codes to $work/LABEL-codes.txt
links() {
  local label=$1 port=$2 key=$3 count=$4 made=0
  : > "$work/$label-codes.txt"
  while [ "$made" -lt "$count" ]; do
    python3 -c "import json,sys; print(json.dumps([{'url': 'https://example.com/clicks/%s/%d' % (sys.argv[1], i)} for i in range(int(sys.argv[2]), int(sys.argv[2]) + 1000)]))" "$label" "$made" \
      | curl -sf -X POST "http://127.0.0.1:$port/api/v1/links/bulk" -H "Authorization: Bearer $key" \
          -H 'Content-Type: application/json' --data-binary @- \
      | python3 -c "import json,sys; [print(r['link']['code']) for r in json.load(sys.stdin)['results'] if 'link' in r]" \
      >> "$work/$label-codes.txt"
    made=$((made + 1000))
  done
}

# metric PORT NAME [TAG]: one sample of /metrics?scope=application, e.g. metric 8080 fuxi_clicks 'state="flushed"'.
# awk reads to the end: stopping at the match closed the pipe under curl, whose write error (23) stopped the script
# under pipefail, and with it the Fuxi being measured, once the metrics outgrew the pipe's buffer
metric() {
  curl -sf "http://127.0.0.1:$1/metrics?scope=application" \
    | awk -v name="$2" -v tag="${3:-}" '!found && index($0, name "{") == 1 && (tag == "" || index($0, tag)) { printf "%d", $NF; found = 1 }'
}

start_fuxi "$work/off-data" FUXI_CLICKS_ENABLED=false FUXI_CODES_INITIAL_BATCH_SIZE=200000
OFF_PORT=$FUXI_PORT OFF_KEY=$FUXI_KEY OTHER_PID=$LAUNCHER_PID
start_fuxi "$work/on-data" FUXI_CODES_INITIAL_BATCH_SIZE=200000
ON_PORT=$FUXI_PORT ON_KEY=$FUXI_KEY ON_PID=$LAUNCHER_PID
echo "counting Fuxi on 127.0.0.1:$ON_PORT, not counting on 127.0.0.1:$OFF_PORT; results in $work"

links on "$ON_PORT" "$ON_KEY" "$LINKS"
links off "$OFF_PORT" "$OFF_KEY" "$LINKS"
echo "Warming up..."
for label in on off; do
  port=$([ $label = on ] && echo "$ON_PORT" || echo "$OFF_PORT")
  BENCH_PATHS="$work/$label-codes.txt" wrk -t1 -c"$CONNECTIONS" -d15s -s bench/redirect.lua "http://127.0.0.1:$port" > /dev/null
done

: > "$work/on-rounds.txt"; : > "$work/off-rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  for label in on off; do
    port=$([ $label = on ] && echo "$ON_PORT" || echo "$OFF_PORT")
    figures=$(BENCH_PATHS="$work/$label-codes.txt" wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s bench/redirect.lua \
      "http://127.0.0.1:$port" | tee -a "$work/$label-wrk.txt" | wrk_figures)
    echo "$figures" >> "$work/$label-rounds.txt"
    echo "round $round, counting $label: $figures (req/s p50_ms p99_ms)"
  done
done
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
on_rps=$(col 1 "$work/on-rounds.txt"); off_rps=$(col 1 "$work/off-rounds.txt")

# the second instance is done: stop it, so that the sustained run has the machine to itself
LAUNCHER_PID=$OTHER_PID; stop_fuxi; OTHER_PID=; LAUNCHER_PID=$ON_PID

echo "Making $SUSTAINED_LINKS links for the sustained run..."
links sustained "$ON_PORT" "$ON_KEY" "$SUSTAINED_LINKS"
counted_before=$(metric "$ON_PORT" fuxi_clicks 'state="counted"')
: > "$work/flush-ms.txt"
BENCH_PATHS="$work/sustained-codes.txt" wrk -t1 -c"$CONNECTIONS" -d"${SUSTAINED_SECONDS}s" --latency -s bench/redirect.lua \
  "http://127.0.0.1:$ON_PORT" > "$work/sustained-wrk.txt" &
wrk_pid=$!
while kill -0 "$wrk_pid" 2>/dev/null; do
  metric "$ON_PORT" fuxi_clicks_flush_duration >> "$work/flush-ms.txt"; echo >> "$work/flush-ms.txt"
  sleep 5
done
sustained=$(wrk_figures < "$work/sustained-wrk.txt")
sleep 12 # two flush intervals and more: everything counted is written by now
counted=$(( $(metric "$ON_PORT" fuxi_clicks 'state="counted"') - counted_before ))
flushed_total=$(metric "$ON_PORT" fuxi_clicks 'state="flushed"')
counted_total=$(metric "$ON_PORT" fuxi_clicks 'state="counted"')
dropped=$(metric "$ON_PORT" fuxi_clicks 'state="dropped"')

echo
echo "== Fuxi $(git rev-parse --short HEAD 2>/dev/null || echo '?') on $(nproc) cores, $LINKS links, wrk -t1 -c$CONNECTIONS, median of $ROUNDS x ${DURATION}s"
printf '%-22s %10s %10s %10s\n' "redirect" "req/s" "p50 ms" "p99 ms"
printf '%-22s %10s %10s %10s\n' "counting clicks" "$on_rps" "$(col 2 "$work/on-rounds.txt")" "$(col 3 "$work/on-rounds.txt")"
printf '%-22s %10s %10s %10s\n' "not counting" "$off_rps" "$(col 2 "$work/off-rounds.txt")" "$(col 3 "$work/off-rounds.txt")"
printf '%-22s %10s\n' "counting / not" "$(echo "scale=3; $on_rps / $off_rps" | bc)"
echo
echo "sustained: $SUSTAINED_SECONDS s over $SUSTAINED_LINKS links: $sustained (req/s p50_ms p99_ms)"
echo "  clicks counted $counted ($(echo "$counted * 60 / $SUSTAINED_SECONDS" | bc) a minute); all flushed: $([ "$flushed_total" -ge "$counted_total" ] && echo yes || echo "no ($flushed_total of $counted_total)"); dropped $dropped"
echo "  flush duration every 5 s (ms): median $(grep . "$work/flush-ms.txt" | median), max $(grep . "$work/flush-ms.txt" | sort -n | tail -1)"
