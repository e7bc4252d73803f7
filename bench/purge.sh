#!/usr/bin/env bash
# Purging N expired links (default 1,000,000) while browsers keep following live links: the purge's time and rate,
# and the redirect p99 during the purge against the p99 just before it, measured side by side in the same run.
# The links are loaded through the bulk API with an expiry a few seconds ahead; the purge is started through the
# admin API (the timer is off). Targets only 127.0.0.1; bounded; stops everything it started.
#
#   bench/purge.sh                      # 1,000,000 expired links, 10,000 live ones
#   FUXI_EXPIRY_PAUSE_MILLIS=0 FUXI_EXPIRY_BATCH_SIZE=5000 bench/purge.sh 200000
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

EXPIRED=${1:-1000000}
LIVE=10000
SLICE=10
CONNECTIONS=${BENCH_CONNECTIONS:-32}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/purge-XXXX")
trap stop_all EXIT
start_fuxi "$work/fuxi-data" FUXI_EXPIRY_SCHEDULED=false FUXI_CODES_INITIAL_BATCH_SIZE=$((EXPIRED + LIVE + 100000)) \
    FUXI_EXPIRY_BATCH_SIZE="${FUXI_EXPIRY_BATCH_SIZE:-1000}" FUXI_EXPIRY_PAUSE_MILLIS="${FUXI_EXPIRY_PAUSE_MILLIS:-10}"
api="http://127.0.0.1:$FUXI_PORT/api/v1"
echo "Fuxi ready in ${READY_SECONDS}s; results in $work"

bulk() { # bulk FIRST_NUMBER EXPIRY_JSON_OR_EMPTY: 1,000 links, prints their codes
  local items
  items=$(seq "$1" $(($1 + 999)) | awk -v e="$2" '{ printf "%s{\"url\":\"https://shop.example/item/%d\"%s}", (NR > 1 ? "," : ""), $1, e }')
  curl -sf "$api/links/bulk" -H "Authorization: Bearer $FUXI_KEY" -H 'Content-Type: application/json' -d "[$items]" \
      | grep -o '"code":"[^"]*"' | cut -d'"' -f4
}

for ((i = 0; i < LIVE; i += 1000)); do bulk "$i" ""; done > "$work/paths.txt"
[ "$(wc -l < "$work/paths.txt")" -eq "$LIVE" ] || { echo "loading the live links failed"; exit 1; }
echo "loading $EXPIRED links that expire a few seconds after they are made..."
started=$(date +%s)
for ((i = LIVE; i < LIVE + EXPIRED; i += 1000)); do
  bulk "$i" ",\"expiresAt\":\"$(date -u -d '+3 seconds' +%Y-%m-%dT%H:%M:%SZ)\"" > /dev/null
done
echo "loaded in $(( $(date +%s) - started )) s"
sleep 4

export BENCH_PATHS="$work/paths.txt"
redirects() { wrk -t1 -c"$CONNECTIONS" -d"${SLICE}s" --latency -s bench/redirect.lua "http://127.0.0.1:$FUXI_PORT" | wrk_figures; }
echo "warming up the redirects..."
wrk -t1 -c"$CONNECTIONS" -d10s -s bench/redirect.lua "http://127.0.0.1:$FUXI_PORT" > /dev/null
for _ in 1 2 3; do redirects; done | tee "$work/before.txt" | sed 's/^/without purge: /'

curl -sf -X POST "$api/expiry/purges" -H "Authorization: Bearer $FUXI_KEY" --max-time 3600 > "$work/report.json" &
purge=$!
purge_started=$(date +%s.%N)
: > "$work/during.txt"
while kill -0 "$purge" 2>/dev/null; do
  figures=$(redirects)
  # a slice that outlived the purge is partly without it; keep only slices the purge covered
  if kill -0 "$purge" 2>/dev/null; then echo "$figures" | tee -a "$work/during.txt" | sed 's/^/during purge:  /'; fi
done
wait "$purge" || { echo "the purge call failed"; exit 1; }
purge_seconds=$(echo "$(date +%s.%N) - $purge_started" | bc)
[ -s "$work/during.txt" ] || { echo "the purge ended before a full ${SLICE}s slice; use more links"; exit 1; }

field() { grep -o "\"$1\":[0-9a-z]*" "$work/report.json" | cut -d: -f2; }
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
purged=$(field linksPurged); took=$(field tookMillis)
p99_before=$(col 3 "$work/before.txt"); p99_during=$(col 3 "$work/during.txt")
echo
echo "== purge of $EXPIRED expired links, $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores; batch ${FUXI_EXPIRY_BATCH_SIZE:-1000}, pause ${FUXI_EXPIRY_PAUSE_MILLIS:-10} ms"
echo "purged $purged links in $took ms ($(echo "$purged * 1000 / $took" | bc) links/s), $(field batches) batches, complete: $(field complete), codes held: $(field codesHeld)"
printf '%-26s %10s %10s %10s\n' "redirects (wrk -c$CONNECTIONS)" "req/s" "p50 ms" "p99 ms"
printf '%-26s %10s %10s %10s\n' "without purge (median of 3)" "$(col 1 "$work/before.txt")" "$(col 2 "$work/before.txt")" "$p99_before"
printf '%-26s %10s %10s %10s\n' "during purge (median of $(wc -l < "$work/during.txt"))" "$(col 1 "$work/during.txt")" "$(col 2 "$work/during.txt")" "$p99_during"
printf '%-26s %10s\n' "worst p99 during purge" "$(awk '{ print $3 }' "$work/during.txt" | sort -n | tail -1)"
printf '%-26s %10s\n' "p99 during / without" "$(echo "scale=2; $p99_during / $p99_before" | bc)"
