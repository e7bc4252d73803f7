#!/usr/bin/env bash
# Redirects to the same links for longer than a cached link lives (fuxi.cache.link-ttl-seconds, 300 s by default), in
# windows of 15 s: what the shorter benchmarks cannot see, such as links cached together expiring together (ADR 54).
# One Fuxi at the fixed heap of bench/all.sh, LINKS links made by bulk calls (so cached within a second or two), then
# wrk at 32 connections. Each window prints its rate, p50, p99 and the CPU seconds Payara and MariaDB used; the end
# compares the median window with the worst. Targets only 127.0.0.1, is bounded in time, and stops what it started.
#
#   bench/redirect-timeline.sh                      # 10,000 links, 28 windows (7 minutes)
#   BENCH_WINDOWS=60 BENCH_LINKS=50000 bench/redirect-timeline.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

WINDOWS=${BENCH_WINDOWS:-28}
LINKS=${BENCH_LINKS:-10000}
SECONDS_EACH=15
export BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:-"-Xms512m -Xmx512m"}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/redirect-timeline-XXXX")
trap stop_all EXIT
start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=$((LINKS + 100000))
payara=$(fuxi_payara_pid "$FUXI_PORT")
mariadb=$(pgrep -f "mariadbd .*$work/fuxi-data")
create_links "$LINKS" "http://127.0.0.1:$FUXI_PORT" "$FUXI_KEY" "$work/paths.txt"
echo "$LINKS links made; redirects at 32 connections in windows of $SECONDS_EACH s; results in $work"
printf '%-12s %10s %8s %8s %10s %10s\n' "s since" "req/s" "p50 ms" "p99 ms" "Payara s" "MariaDB s"
made=$SECONDS
for window in $(seq 1 "$WINDOWS"); do
  payara_before=$(cpu_seconds "$payara"); mariadb_before=$(cpu_seconds "$mariadb")
  figures=$(BENCH_PATHS="$work/paths.txt" wrk -t1 -c32 -d"${SECONDS_EACH}s" --latency -s bench/redirect.lua \
    "http://127.0.0.1:$FUXI_PORT" | wrk_figures)
  echo "$((SECONDS - made)) $figures $(echo "$(cpu_seconds "$payara") - $payara_before" | bc) \
$(echo "$(cpu_seconds "$mariadb") - $mariadb_before" | bc)" >> "$work/windows.txt"
  tail -1 "$work/windows.txt" | awk '{ printf "%-12s %10.0f %8.2f %8.2f %10.2f %10.2f\n", $1, $2, $3, $4, $5, $6 }'
done
# the first two windows are the JIT's warm-up, not the steady state
tail -n +3 "$work/windows.txt" > "$work/steady.txt"
echo "median window: $(awk '{ print $2 }' "$work/steady.txt" | median) req/s, p99 $(awk '{ print $4 }' "$work/steady.txt" | median) ms"
echo "worst window: $(awk '{ print $2 }' "$work/steady.txt" | sort -n | head -1) req/s (lowest)," \
  "p99 $(awk '{ print $4 }' "$work/steady.txt" | sort -n | tail -1) ms (highest)"
