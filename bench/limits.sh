#!/usr/bin/env bash
# What a visit limit costs a redirect: one Fuxi, links without a limit and links with one (maxVisits 2147483647, so
# that none runs out), redirected by a browser's User-Agent in alternating rounds in one run. Each visit of a limited
# link is admitted by an UPDATE of its row (ADR 60); a plain link's redirect stays in memory. Prints redirects/s, p50
# and p99 of each and the ratio limited / plain. Targets only 127.0.0.1, is bounded in time, and stops what it started.
#
#   bench/limits.sh                    # 100 links of each, 3 rounds of 10 s at 32 connections
#   BENCH_ROUNDS=5 BENCH_CONNECTIONS=64 bench/limits.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

LINKS=${BENCH_LINKS:-100}
ROUNDS=${BENCH_ROUNDS:-3}
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
BROWSER='Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/limits-XXXX")
trap stop_all EXIT

start_fuxi "$work/data"
echo "Fuxi on 127.0.0.1:$FUXI_PORT; results in $work"

# links LABEL EXTRA: LINKS links in one bulk call, each item with the JSON members EXTRA; their codes in LABEL-codes.txt
links() {
  python3 -c "import json,sys; print(json.dumps([dict({'url': 'https://example.com/limits/%s/%d' % (sys.argv[1], i)}, **json.loads(sys.argv[3])) for i in range(int(sys.argv[2]))]))" "$1" "$LINKS" "$2" \
    | curl -sf -X POST "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk" -H "Authorization: Bearer $FUXI_KEY" \
        -H 'Content-Type: application/json' --data-binary @- \
    | python3 -c "import json,sys; [print(r['link']['code']) for r in json.load(sys.stdin)['results'] if 'link' in r]" \
    > "$work/$1-codes.txt"
  [ "$(wc -l < "$work/$1-codes.txt")" -eq "$LINKS" ] || { echo "could not make the $1 links"; exit 1; }
}
links plain '{}'
links limited '{"maxVisits": 2147483647}'

run() { # run LABEL SECONDS: wrk over the label's links, as a browser
  BENCH_PATHS="$work/$1-codes.txt" wrk -t1 -c"$CONNECTIONS" -d"$2s" --latency -H "User-Agent: $BROWSER" \
    -s bench/redirect.lua "http://127.0.0.1:$FUXI_PORT"
}
echo "Warming up..."
for label in plain limited; do run "$label" 15 > /dev/null; done

: > "$work/plain-rounds.txt"; : > "$work/limited-rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  for label in plain limited; do
    figures=$(run "$label" "$DURATION" | tee -a "$work/$label-wrk.txt" | wrk_figures)
    echo "$figures" >> "$work/$label-rounds.txt"
    echo "round $round, $label: $figures (req/s p50_ms p99_ms)"
  done
done
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
plain=$(col 1 "$work/plain-rounds.txt"); limited=$(col 1 "$work/limited-rounds.txt")
echo "| links | redirects/s | p50 ms | p99 ms |"
echo "| --- | --- | --- | --- |"
echo "| without a limit | $plain | $(col 2 "$work/plain-rounds.txt") | $(col 3 "$work/plain-rounds.txt") |"
echo "| with a visit limit | $limited | $(col 2 "$work/limited-rounds.txt") | $(col 3 "$work/limited-rounds.txt") |"
echo "limited / plain: $(echo "scale=3; $limited / $plain" | bc)"
