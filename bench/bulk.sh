#!/usr/bin/env bash
# Bulk-create throughput (items/s, POST /api/v1/links/bulk with 1,000 items) next to single creates, measured in
# the same run on a fresh embedded database. Targets only 127.0.0.1; stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

ROUNDS=${BENCH_ROUNDS:-3}
ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/bulk-XXXX")
trap stop_all EXIT
start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=2000000
export BENCH_KEY="$FUXI_KEY" BENCH_CODES_DIR="$work" BENCH_ITEMS=1000
echo "Fuxi ready in ${READY_SECONDS}s; warming up"
wrk -t1 -c2 -d10s -s bench/bulk.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk" > /dev/null
wrk -t2 -c16 -d10s -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links" > /dev/null
: > "$work/bulk.txt"; : > "$work/single.txt"
for round in $(seq 1 "$ROUNDS"); do
  bulk=$(wrk -t1 -c2 -d15s --latency -s bench/bulk.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk" | wrk_figures)
  single=$(wrk -t2 -c16 -d15s --latency -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links" | wrk_figures)
  echo "$bulk" >> "$work/bulk.txt"; echo "$single" >> "$work/single.txt"
  echo "round $round: bulk $bulk, single $single (req/s p50_ms p99_ms)"
done
bulk_rps=$(awk '{ print $1 }' "$work/bulk.txt" | median)
single_rps=$(awk '{ print $1 }' "$work/single.txt" | median)
echo
echo "== median of $ROUNDS x 15 s on $(nproc) cores"
printf '%-34s %10s\n' "bulk (1,000 items, wrk -c2) items/s" "$(echo "$bulk_rps * 1000" | bc)"
printf '%-34s %10s\n' "single creates (wrk -c16) items/s" "$single_rps"
printf '%-34s %10s\n' "bulk / single" "$(echo "scale=1; $bulk_rps * 1000 / $single_rps" | bc)"
echo "bulk call latency p50 $(awk '{ print $2 }' "$work/bulk.txt" | median) ms, p99 $(awk '{ print $3 }' "$work/bulk.txt" | median) ms"
