#!/usr/bin/env bash
# What a create costs in CPU once the JVM is warm, split between the Payara process and MariaDB: single creates
# (bench/create.lua at 16 connections) or bulk creates (bench/bulk.lua, 1,000 links a call, 2 calls at a time), every
# URL new. A warm-up first (a fresh Fuxi keeps getting faster for a while, docs/performance.md), then windows of wrk,
# each with the CPU both processes used in it. The step-by-step figures in issue 12's notes come from it. FUXI_*
# variables set when calling it reach Fuxi. Targets only 127.0.0.1, is bounded in time, and stops what it started.
#
#   bench/cpu.sh creates                                   # 150 s of warm-up, then 3 windows of 20 s
#   bench/cpu.sh bulk                                      # 40 s of warm-up, then 3 windows of 20 s
#   BENCH_WARM_UP=60 BENCH_WINDOWS=5 FUXI_LINKS_CREATE_WRITERS=2 bench/cpu.sh creates
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

KIND=${1:?"bench/cpu.sh creates|bulk"}
WINDOWS=${BENCH_WINDOWS:-3}
SECONDS_EACH=${BENCH_DURATION:-20}
case $KIND in
  creates) WARM_UP=${BENCH_WARM_UP:-150}; PER_CALL=1 ;;
  bulk) WARM_UP=${BENCH_WARM_UP:-40}; PER_CALL=1000 ;;
  *) echo "bench/cpu.sh creates|bulk"; exit 2 ;;
esac

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/cpu-XXXX")
trap stop_all EXIT
start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=4000000
export BENCH_KEY="$FUXI_KEY" BENCH_CODES_DIR="$work" BENCH_ITEMS=$PER_CALL
payara=$(fuxi_payara_pid "$FUXI_PORT")
mariadb=$(pgrep -f "mariadbd .*$work/fuxi-data")

load() { # load SECONDS: wrk's figures for the kind of create measured
  if [ "$KIND" = creates ]; then
    wrk -t2 -c16 -d"$1s" --latency -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links" | wrk_figures
  else
    wrk -t1 -c2 -d"$1s" --latency -s bench/bulk.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk" | wrk_figures
  fi
}

echo "Fuxi ready in ${READY_SECONDS}s; $WARM_UP s of $KIND to warm up"
load "$WARM_UP" > /dev/null
echo "| window | links/s | Payara µs per link | MariaDB µs per link | Payara cores | MariaDB cores |"
echo "| --- | --- | --- | --- | --- | --- |"
for window in $(seq 1 "$WINDOWS"); do
  payara_before=$(cpu_seconds "$payara"); mariadb_before=$(cpu_seconds "$mariadb")
  calls=$(load "$SECONDS_EACH" | awk '{ print $1 }')
  payara_after=$(cpu_seconds "$payara"); mariadb_after=$(cpu_seconds "$mariadb")
  echo "$window $calls $PER_CALL $SECONDS_EACH $payara_before $payara_after $mariadb_before $mariadb_after" | awk '{
    links = $2 * $3; seconds = $4; payara = $6 - $5; mariadb = $8 - $7
    printf "| %d | %.0f | %.0f | %.0f | %.2f | %.2f |\n", $1, links, payara * 1e6 / (links * seconds),
      mariadb * 1e6 / (links * seconds), payara / seconds, mariadb / seconds }'
done
