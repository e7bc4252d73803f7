#!/usr/bin/env bash
# The cluster's figures, from one run of the local cluster (bin/local-cluster: one embedded database, 3 nodes):
# redirect throughput through nginx in front of 1, 2 and 3 of the nodes, next to nginx `return 302` in the same run
# (alternating rounds), and how long an edit on one node takes to show on another (bench/Propagation.java).
# Targets only 127.0.0.1, bounded in time, stops everything it started.
#
#   bench/cluster.sh
#   BENCH_ROUNDS=3 BENCH_DURATION=20 BENCH_EDITS=1000 bench/cluster.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

LINKS=${BENCH_LINKS:-10000}
ROUNDS=${BENCH_ROUNDS:-2}
DURATION=${BENCH_DURATION:-15}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
EDITS=${BENCH_EDITS:-1000}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/cluster-XXXX")
BALANCER_PIDS=()
stop_cluster() {
  for pid in "${BALANCER_PIDS[@]}"; do kill -QUIT "$pid" 2> /dev/null || true; done
  stop_nginx
  stop_local_cluster
}
trap stop_cluster EXIT

start_local_cluster "$work" 3
base=$CLUSTER_BASE
key=$CLUSTER_KEY
echo "cluster of 3 ready on 127.0.0.1:$base (nodes $((base + 1))-$((base + 3))); results in $work"

# start_balancer NODES: nginx in front of the first NODES nodes, the same configuration as the cluster's own; sets
# BALANCER_PORT
start_balancer() {
  local port dir=$work/balancer-$1
  port=$(free_port)
  mkdir -p "$dir/logs"
  sed -e "s|listen 127.0.0.1:$base;|listen 127.0.0.1:$port;|" -e "s|$work/cluster/nginx|$dir|g" \
    "$work/cluster/nginx/nginx.conf" | awk -v keep="$1" -v base="$base" '
      /server 127.0.0.1:/ { split($2, a, ":"); if (a[2] + 0 > base + keep) next }
      { print }' > "$dir/nginx.conf"
  nginx -p "$dir" -e "$dir/logs/error.log" -c "$dir/nginx.conf" -g 'daemon off;' > "$dir/logs/stdout.log" 2>&1 &
  BALANCER_PIDS+=($!)
  until ss -Htln "sport = :$port" | grep -q .; do sleep 0.1; done
  BALANCER_PORT=$port
}
declare -A target_port
start_balancer 1
target_port[nodes-1]=$BALANCER_PORT
start_balancer 2
target_port[nodes-2]=$BALANCER_PORT
target_port[nodes-3]=$base
start_nginx "$work"
target_port[nginx-302]=$NGINX_PORT

echo "Creating $LINKS links through the balancer (bulk calls of 1,000)..."
: > "$work/all-codes.txt"
create_links "$LINKS" "http://127.0.0.1:$base" "$key" "$work/all-codes.txt"
shuf -n "$LINKS" "$work/all-codes.txt" > "$work/paths.txt"
export BENCH_PATHS="$work/paths.txt"

targets=(nginx-302 nodes-1 nodes-2 nodes-3)
echo "Warming up..."
for target in "${targets[@]}"; do
  wrk -t1 -c"$CONNECTIONS" -d10s -s bench/redirect.lua "http://127.0.0.1:${target_port[$target]}" > /dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  for target in "${targets[@]}"; do
    figures=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s bench/redirect.lua \
      "http://127.0.0.1:${target_port[$target]}" | tee -a "$work/$target-wrk.txt" | wrk_figures)
    echo "$figures" >> "$work/$target-rounds.txt"
    echo "round $round $target: $figures (req/s p50_ms p99_ms)"
  done
done

echo "Propagation: $EDITS edits on node 1, redirects on node 2..."
propagation=$(java bench/Propagation.java "http://127.0.0.1:$((base + 1))" "http://127.0.0.1:$((base + 2))" "$key" "$EDITS")

col() { awk -v c="$1" '{ print $c }' "$2" | median; }
nginx_rps=$(col 1 "$work/nginx-302-rounds.txt")
echo
echo "== Fuxi cluster $(git rev-parse --short HEAD 2> /dev/null || echo '?') on $(nproc) cores, $LINKS links, wrk -t1 -c$CONNECTIONS, median of $ROUNDS x ${DURATION}s"
printf '%-28s %10s %10s %10s %14s\n' "redirect" "req/s" "p50 ms" "p99 ms" "/ nginx 302"
for target in "${targets[@]}"; do
  rps=$(col 1 "$work/$target-rounds.txt")
  label=$([ "$target" = nginx-302 ] && echo "nginx return 302" || echo "nginx + ${target#nodes-} Fuxi node(s)")
  printf '%-28s %10s %10s %10s %14s\n' "$label" "$rps" "$(col 2 "$work/$target-rounds.txt")" \
    "$(col 3 "$work/$target-rounds.txt")" "$(echo "scale=2; $rps / $nginx_rps" | bc)"
done
echo
echo "$propagation"
