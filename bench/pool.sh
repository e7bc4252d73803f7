#!/usr/bin/env bash
# Time to generate and bulk-load N codes into the code pool of a fresh embedded database, through the admin
# API a production operator would use. Prints progress while it runs; stops everything it started.
#
#   bench/pool.sh 1000000
#   bench/pool.sh 100000000      # the production pool; needs ~8 GB of disk for the database
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

SIZE=${1:-1000000}
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/pool-XXXX")
trap stop_all EXIT

start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=1000 FUXI_CODES_LOW_WATER_MARK=0
echo "Fuxi ready in ${READY_SECONDS}s; loading $SIZE codes"
api() { curl -sf "http://127.0.0.1:$FUXI_PORT/api/v1/pool$1" -H "Authorization: Bearer $FUXI_KEY" "${@:2}"; }

started=$(date +%s.%N)
api /batches -H 'Content-Type: application/json' -d "{\"size\": $SIZE}" > /dev/null
while :; do
  sleep "$([ "$SIZE" -gt 10000000 ] && echo 10 || echo 1)"
  batch=$(api "" | grep -o '"batches":\[{[^}]*}' | sed 's/"batches":\[//')
  loaded=$(echo "$batch" | grep -o '"loaded":[0-9]*' | cut -d: -f2)
  printf '%s  %s of %s loaded\n' "$(date +%T)" "$loaded" "$SIZE"
  echo "$batch" | grep -q finishedAt && break
done
wall=$(echo "$(date +%s.%N) - $started" | bc)
field() { echo "$batch" | grep -o "\"$1\":\"[^\"]*\"" | cut -d'"' -f4; }
seconds=$(echo "$(date -d "$(field finishedAt)" +%s.%N) - $(date -d "$(field createdAt)" +%s.%N)" | bc)
bytes=$(du -sb "$work/fuxi-data/mariadb/data/fuxi" | cut -f1)
echo
echo "== $SIZE codes generated and loaded in $(printf '%.1f' "$seconds") s by the server ($(echo "$SIZE / $seconds" | bc) codes/s; $(printf '%.1f' "$wall") s as polled); database files $(( bytes / 1024 / 1024 )) MB"
echo "batch: $batch"
