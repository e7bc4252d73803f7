#!/usr/bin/env bash
# The soak: a local cluster of two nodes behind nginx (bin/local-cluster) under a mixed load (bench/soak.lua: mostly
# redirects, 5% creates, 2% edits) at half of what it managed flat out, for BENCH_MINUTES (30) minutes. Every minute:
# requests/s, p50, p99 and failed answers of that minute, and each node's heap after a full GC. Ends with the first
# five minutes against the last five: memory and p99 must stay flat and nothing may fail. Targets only 127.0.0.1,
# bounded in time, stops everything it started.
#
#   bench/soak.sh
#   BENCH_MINUTES=5 bench/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

MINUTES=${BENCH_MINUTES:-30}
LINKS=${BENCH_LINKS:-10000}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
WARM_UP=${BENCH_WARM_UP_SECONDS:-120}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/soak-XXXX")
trap stop_local_cluster EXIT
start_local_cluster "$work" 2
echo "cluster of 2 ready on 127.0.0.1:$CLUSTER_BASE; results in $work"
create_links "$LINKS" "http://127.0.0.1:$CLUSTER_BASE" "$CLUSTER_KEY" "$work/paths.txt"
export BENCH_PATHS="$work/paths.txt" BENCH_KEY="$CLUSTER_KEY"
payara=()
for i in 1 2; do payara+=("$(fuxi_payara_pid $((CLUSTER_BASE + i)))"); done

# heap_mb PID: the heap in use right after a full collection, in MB
heap_mb() {
  jcmd "$1" GC.run > /dev/null
  jcmd "$1" GC.heap_info | awk '/garbage-first heap|def new generation|total/ && /used/ {
    for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?$/, "", v); printf "%d\n", v / 1024; exit } }'
}

# fresh JVMs gain much throughput as the JIT compiles the hot paths: warm up before taking the capacity
echo "Warming up (${WARM_UP}s) and finding the capacity (20 s), both flat out..."
BENCH_RATE=1000000 wrk -t1 -c"$CONNECTIONS" -d"${WARM_UP}s" -s bench/soak.lua "http://127.0.0.1:$CLUSTER_BASE" > /dev/null
capacity=$(BENCH_RATE=1000000 wrk -t1 -c"$CONNECTIONS" -d20s --latency -s bench/soak.lua "http://127.0.0.1:$CLUSTER_BASE" \
  | wrk_counts | awk '{ print $1 }')
per_connection=$(echo "scale=2; $capacity / 2 / $CONNECTIONS" | bc)
echo "capacity ${capacity}/s; the soak runs at about half: $per_connection/s on each of $CONNECTIONS connections"

printf '%-7s %8s %8s %8s %7s %10s %10s\n' minute "req/s" "p50 ms" "p99 ms" failed "heap1 MB" "heap2 MB" | tee "$work/soak.txt"
for minute in $(seq 1 "$MINUTES"); do
  figures=$(BENCH_RATE=$per_connection wrk -t1 -c"$CONNECTIONS" -d60s --latency -s bench/soak.lua \
    "http://127.0.0.1:$CLUSTER_BASE" | tee -a "$work/wrk.txt" | wrk_counts)
  printf '%-7s %8s %8s %8s %7s %10s %10s\n' "$minute" $figures "$(heap_mb "${payara[0]}")" "$(heap_mb "${payara[1]}")" \
    | tee -a "$work/soak.txt"
done

# the first five minutes (or a third, when shorter) against the last as many
span=$(( MINUTES >= 15 ? 5 : (MINUTES + 2) / 3 ))
summary() { # summary FIRST_LINE LAST_LINE COLUMN
  sed -n "$(($1 + 1)),$(($2 + 1))p" "$work/soak.txt" | awk -v c="$3" '{ print $c }' | median
}
echo
echo "== soak $(git rev-parse --short HEAD 2> /dev/null || echo '?'), 2 nodes behind nginx on $(nproc) cores, $MINUTES min at ~half of ${capacity}/s"
printf '%-22s %10s %10s\n' "median of minutes" "1-$span" "$((MINUTES - span + 1))-$MINUTES"
for column in 2:req/s 4:"p99 ms" 6:"heap node 1 MB" 7:"heap node 2 MB"; do
  printf '%-22s %10s %10s\n' "${column#*:}" "$(summary 1 "$span" "${column%%:*}")" \
    "$(summary $((MINUTES - span + 1)) "$MINUTES" "${column%%:*}")"
done
echo "failed answers in all: $(awk 'NR > 1 { s += $5 } END { print s + 0 }' "$work/soak.txt")"
