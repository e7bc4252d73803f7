#!/usr/bin/env bash
# Redirect throughput and latency over a random mix of cached links, and create throughput, for Fuxi and for an
# nginx `return 302` responder (the ceiling) measured in the same run, side by side. Targets only 127.0.0.1,
# is bounded in time, and stops everything it started.
#
#   bench/redirect.sh                 # 10,000 links, 2 rounds of 20 s per target
#   BENCH_LINKS=20000 BENCH_ROUNDS=3 BENCH_DURATION=30 bench/redirect.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

LINKS=${BENCH_LINKS:-10000}
ROUNDS=${BENCH_ROUNDS:-2}
DURATION=${BENCH_DURATION:-20}
CONNECTIONS=${BENCH_CONNECTIONS:-32}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/redirect-XXXX")
trap stop_all EXIT

start_fuxi "$work/fuxi-data"
start_nginx "$work"
echo "Fuxi ready in ${READY_SECONDS}s on 127.0.0.1:$FUXI_PORT; nginx on 127.0.0.1:$NGINX_PORT; results in $work"

mkdir -p "$work/codes"
export BENCH_CODES_DIR="$work/codes" BENCH_KEY="$FUXI_KEY"
echo "Warming up the create path..."
wrk -t2 -c16 -d10s -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links" > /dev/null
create_runs=()
while [ ${#create_runs[@]} -lt 2 ] || [ "$(cat "$work"/codes/*.txt 2>/dev/null | wc -l)" -lt "$LINKS" ]; do
  figures=$(wrk -t2 -c16 -d10s --latency -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links" | tee -a "$work/create.txt" | wrk_figures)
  create_runs+=("$figures")
  cat "$work"/codes/*.txt > "$work/all-codes.txt"
  echo "creates: $figures (req/s p50 p99), $(wc -l < "$work/all-codes.txt") links so far"
done
mkdir -p "$work/nginx-codes"
nginx_create=$(BENCH_CODES_DIR="$work/nginx-codes" wrk -t2 -c16 -d10s --latency -s bench/create.lua "http://127.0.0.1:$NGINX_PORT/api/v1/links" | wrk_figures)
shuf -n "$LINKS" "$work/all-codes.txt" > "$work/paths.txt"
export BENCH_PATHS="$work/paths.txt"

echo "Warming up..."
wrk -t1 -c"$CONNECTIONS" -d10s -s bench/redirect.lua "http://127.0.0.1:$FUXI_PORT" > /dev/null
wrk -t1 -c"$CONNECTIONS" -d5s -s bench/redirect.lua "http://127.0.0.1:$NGINX_PORT" > /dev/null

: > "$work/fuxi-rounds.txt"; : > "$work/nginx-rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  for target in fuxi nginx; do
    port=$([ $target = fuxi ] && echo "$FUXI_PORT" || echo "$NGINX_PORT")
    figures=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s bench/redirect.lua "http://127.0.0.1:$port" | tee -a "$work/$target-wrk.txt" | wrk_figures)
    echo "$figures" >> "$work/$target-rounds.txt"
    echo "round $round $target: $figures (req/s p50_ms p99_ms)"
  done
done

sample=$(head -1 "$work/paths.txt")
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$FUXI_PORT/$sample")
[ "$status" = 302 ] || { echo "sanity check failed: /$sample answered $status"; exit 1; }

payara_pid=$(pgrep -P "$LAUNCHER_PID" -f payara-micro.jar)
mariadb_pid=$(pgrep -P "$LAUNCHER_PID" mariadbd || true)
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
fuxi_rps=$(col 1 "$work/fuxi-rounds.txt"); nginx_rps=$(col 1 "$work/nginx-rounds.txt")

echo
echo "== Fuxi $(git rev-parse --short HEAD 2>/dev/null || echo '?') on $(nproc) cores, $LINKS links, wrk -t1 -c$CONNECTIONS, median of $ROUNDS x ${DURATION}s"
printf '%-22s %10s %10s %10s\n' "redirect" "req/s" "p50 ms" "p99 ms"
printf '%-22s %10s %10s %10s\n' "Fuxi" "$fuxi_rps" "$(col 2 "$work/fuxi-rounds.txt")" "$(col 3 "$work/fuxi-rounds.txt")"
printf '%-22s %10s %10s %10s\n' "nginx return 302" "$nginx_rps" "$(col 2 "$work/nginx-rounds.txt")" "$(col 3 "$work/nginx-rounds.txt")"
printf '%-22s %10s\n' "Fuxi / nginx" "$(echo "scale=2; $fuxi_rps / $nginx_rps" | bc)"
echo
printf '%-22s %10s %10s %10s\n' "create (wrk -t2 -c16)" "req/s" "p50 ms" "p99 ms"
printf '%-22s %10s %10s %10s\n' "Fuxi POST /api/v1/links" $(printf '%s\n' "${create_runs[@]}" | sort -n | awk '{ r[NR] = $0 } END { print r[int((NR + 1) / 2)] }')
printf '%-22s %10s %10s %10s\n' "nginx return 302" $nginx_create
echo
echo "time to ready: ${READY_SECONDS}s; RSS: Payara Micro $(rss_mb "$payara_pid") MB, MariaDB $([ -n "$mariadb_pid" ] && rss_mb "$mariadb_pid" || echo '?') MB, launcher $(rss_mb "$LAUNCHER_PID") MB"
