#!/usr/bin/env bash
# The README's performance table: Fuxi against its ceilings, measured in one run on this machine. The ceilings are
# nginx `return 302` and a trivial WAR (bench/ceiling: a bare 302 Servlet over an in-memory map and a JAX-RS POST
# that parses the same JSON and answers 201 without a database) on the same Payara Micro with the same JVM options.
# Rounds alternate between the targets and the medians are reported. Targets only 127.0.0.1, is bounded in time
# (about 18 minutes with the defaults), and stops everything it started.
#
#   bench/all.sh
#   PATH=/usr/lib/jvm/temurin-25-jdk-amd64/bin:$PATH bench/all.sh    # everything on JDK 25 (ADR 38: the AOT cache)
#   BENCH_ROUNDS=5 BENCH_DURATION=20 BENCH_LINKS=20000 BENCH_START_ROUNDS=5 bench/all.sh
#   BENCH_JAVA_OPTS="-Xmx512m" bench/all.sh    # other JVM options for both Payaras
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

# Both Payaras get the same fixed heap (ADR 52). With -Xmx alone, G1 starts at 1/64 of the machine's memory and
# resizes each heap its own way, so the RSS ratio followed G1's sizing, not the footprints.
export BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:-"-Xms512m -Xmx512m"}

LINKS=${BENCH_LINKS:-10000}
ROUNDS=${BENCH_ROUNDS:-3}
DURATION=${BENCH_DURATION:-15}
START_ROUNDS=${BENCH_START_ROUNDS:-3}

ensure_tools
build_if_needed
build_ceiling_war
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/all-XXXX")
trap stop_all EXIT
echo "results in $work"

# --- starts, alternating for START_ROUNDS rounds after one start of the trivial WAR that is not counted: the trivial
# WAR; Fuxi as `mvn package` leaves it (the runtime and its class-data archive made by the build's archive run, ADR 30,
# which is all the archive command does when they are there already) on an empty data directory; Fuxi again on that
# data directory. Each start runs alone (a Payara Micro that has just started keeps compiling for a while), and the
# medians are reported: a single start moves by seconds from one run to the next (docs/performance-history.md). Then
# both are started once more, side by side, for the loads.
phase_start=$(cpu_counters)
FUXI_JAVA_OPTS="$BENCH_JAVA_OPTS" java -Xmx96m -jar "$FUXI_LAUNCHER" archive > "$work/archive-run.log" 2>&1 \
  || { echo "the archive run failed; see $work/archive-run.log"; exit 1; }
start_ceiling "$work/ceiling.log"; stop_ceiling
: > "$work/starts.txt"
for round in $(seq 1 "$START_ROUNDS"); do
  start_ceiling "$work/ceiling.log"; stop_ceiling
  start_fuxi "$work/fuxi-data-$round"
  first_start=$READY_SECONDS
  stop_fuxi
  start_fuxi "$work/fuxi-data-$round"; stop_fuxi
  echo "$CEILING_READY_SECONDS $first_start $READY_SECONDS" >> "$work/starts.txt"
  echo "start round $round: trivial WAR ready in ${CEILING_READY_SECONDS}s; Fuxi in ${first_start}s (first start), ${READY_SECONDS}s (restart)"
done
ceiling_start=$(awk '{ print $1 }' "$work/starts.txt" | median)
first_start=$(awk '{ print $2 }' "$work/starts.txt" | median)
restart=$(awk '{ print $3 }' "$work/starts.txt" | median)
stolen_starts=$(stolen_since "$phase_start")
start_ceiling "$work/ceiling.log"
# The measured Fuxi gets its codes up front, as the README advises for production: what creates and bulk cost is
# measured, not the pool's top-ups (which keep up with bulk calls since ADR 43, but share the two cores with them).
start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=6000000
start_nginx "$work"
echo "medians of $START_ROUNDS: trivial WAR ready in ${ceiling_start}s; Fuxi in ${first_start}s (first start), ${restart}s (restart)"

url() { case $1 in fuxi) echo "http://127.0.0.1:$FUXI_PORT" ;; ceiling) echo "http://127.0.0.1:$CEILING_PORT" ;; nginx) echo "http://127.0.0.1:$NGINX_PORT" ;; esac; }

# --- creates: POST /api/v1/links at 16 connections and at 1, alternating between the trivial WAR and Fuxi
phase_start=$(cpu_counters)
export BENCH_KEY="$FUXI_KEY"
create() { # create TARGET CONNECTIONS SECONDS
  mkdir -p "$work/codes-$1"
  BENCH_CODES_DIR="$work/codes-$1" wrk -t$(($2 > 1 ? 2 : 1)) -c"$2" -d"$3s" --latency -s bench/create.lua "$(url "$1")/api/v1/links"
}
# A fresh Fuxi JVM keeps getting faster at creates for a while, and so does the trivial WAR's: hence the warm-ups
# below (the figures are in docs/performance.md and docs/performance-history.md).
echo "warming up the create path..."
create ceiling 16 60 > /dev/null; create ceiling 1 5 > /dev/null
create fuxi 16 90 > /dev/null; create fuxi 1 5 > /dev/null
for round in $(seq 1 "$ROUNDS"); do
  for target in ceiling fuxi; do
    for connections in 16 1; do
      figures=$(create $target $connections "$DURATION" | wrk_figures)
      echo "$figures" >> "$work/create-$connections-$target.txt"
      echo "round $round, creates at $connections connections, $target: $figures (req/s p50_ms p99_ms)"
    done
  done
done

stolen_creates=$(stolen_since "$phase_start")

# --- bulk: 1,000 links per call, two calls at a time
phase_start=$(cpu_counters)
echo "warming up bulk creates..."
BENCH_ITEMS=1000 wrk -t1 -c2 -d10s -s bench/bulk.lua "$(url fuxi)/api/v1/links/bulk" > /dev/null
for round in $(seq 1 "$ROUNDS"); do
  figures=$(BENCH_ITEMS=1000 wrk -t1 -c2 -d"${DURATION}s" --latency -s bench/bulk.lua "$(url fuxi)/api/v1/links/bulk" | wrk_figures)
  echo "$figures" >> "$work/bulk.txt"
  echo "round $round, bulk: $figures (calls/s p50_ms p99_ms)"
done

stolen_bulk=$(stolen_since "$phase_start")

# --- redirects: LINKS random links of each target's own, 32 connections, alternating nginx, trivial WAR, Fuxi
phase_start=$(cpu_counters)
for target in fuxi ceiling; do
  cat "$work/codes-$target"/*.txt | shuf -n "$LINKS" > "$work/paths-$target.txt"
  [ "$(wc -l < "$work/paths-$target.txt")" -eq "$LINKS" ] || { echo "too few $target links for $LINKS paths"; exit 1; }
done
cp "$work/paths-fuxi.txt" "$work/paths-nginx.txt"
redirect() { BENCH_PATHS="$work/paths-$1.txt" wrk -t1 -c32 -d"$2s" --latency -s bench/redirect.lua "$(url "$1")"; }
payara_pid=$(fuxi_payara_pid "$FUXI_PORT")
mariadb_pid=$(pgrep -f "mariadbd.*$work/fuxi-data/" | head -1)
[ -n "$mariadb_pid" ] || { echo "the embedded MariaDB's process was not found"; exit 1; }
server_pid() { case $1 in fuxi) echo "$payara_pid" ;; ceiling) echo "$CEILING_PID" ;; esac; }
# micros SECONDS_BEFORE SECONDS_AFTER REQUESTS_PER_SECOND: CPU microseconds per request of a round
micros() { echo "scale=1; ($2 - $1) * 1000000 / ($3 * $DURATION)" | bc | sed "s/^\./0./"; }
# 30 s each: a fresh Fuxi's redirect path climbs to its rate over most of that, and a shorter warm-up left the climb in
# its first measured round, its lowest each time (the figures are in docs/performance-history.md)
echo "warming up redirects..."
for target in nginx ceiling fuxi; do redirect $target 30 > /dev/null; done
for round in $(seq 1 "$ROUNDS"); do
  for target in nginx ceiling fuxi; do
    pid=$(server_pid $target); cpu=${pid:+$(cpu_seconds "$pid")}; db=$(cpu_seconds "$mariadb_pid")
    figures=$(redirect $target "$DURATION" | wrk_figures)
    echo "$figures" >> "$work/redirect-$target.txt"
    echo "round $round, redirects, $target: $figures (req/s p50_ms p99_ms)"
    if [ -n "$pid" ]; then micros "$cpu" "$(cpu_seconds "$pid")" "${figures%% *}" >> "$work/redirect-cpu-$target.txt"; fi
    if [ $target = fuxi ]; then
      micros "$db" "$(cpu_seconds "$mariadb_pid")" "${figures%% *}" >> "$work/redirect-cpu-mariadb.txt"
    elif [ $target = ceiling ]; then # what MariaDB does by itself while Fuxi has nothing to do
      echo "scale=2; ($(cpu_seconds "$mariadb_pid") - $db) / $DURATION" | bc | sed "s/^\./0./" >> "$work/mariadb-idle-cores.txt"
    fi
  done
done
sample=$(head -1 "$work/paths-fuxi.txt")
[ "$(curl -s -o /dev/null -w '%{http_code}' "$(url fuxi)/$sample")" = 302 ] || { echo "sanity check failed: /$sample"; exit 1; }

stolen_redirects=$(stolen_since "$phase_start")
fuxi_rss=$(rss_mb "$payara_pid"); ceiling_rss=$(rss_mb "$CEILING_PID")
fuxi_heap=$(heap_mb "$payara_pid"); ceiling_heap=$(heap_mb "$CEILING_PID")
cached=$(curl -s "$(url fuxi)/metrics?scope=application" | awk '/^fuxi_cache_entries/ { printf "%.0f", $2 }')
[ -n "$cached" ] || { echo "no fuxi_cache_entries in /metrics"; exit 1; }

# --- the table
col() { awk -v c="$1" '{ print $c }' "$work/$2.txt" | median; }
ratio() { echo "scale=2; $1 / $2" | bc | sed "s/^\./0./"; }
sec() { printf "%.1f" "$1"; }
thousands() { printf "%.0f" "$1" | rev | sed 's/[0-9]\{3\}/&,/g; s/,$//' | rev; }
rps() { thousands "$(col 1 "$1")"; }
cr=$(col 1 create-16-ceiling); fr=$(col 1 create-16-fuxi)
rr=$(col 1 redirect-ceiling); fx=$(col 1 redirect-fuxi); nx=$(col 1 redirect-nginx)
bulk=$(echo "$(col 1 bulk) * 1000" | bc)
echo
echo "Fuxi $(git rev-parse --short HEAD 2>/dev/null || echo '?') on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), JDK $(jdk_version) and \`$BENCH_JAVA_OPTS\` for both Payaras, $(date -u +%F); medians of $ROUNDS rounds of ${DURATION} s"
echo "The host took (CPU steal time) $stolen_starts of the machine's CPU during the starts, $stolen_creates during the creates, $stolen_bulk during the bulk calls and $stolen_redirects during the redirects."
echo
echo "| what | nginx | trivial WAR | Fuxi | Fuxi / trivial | Fuxi / nginx |"
echo "| --- | --- | --- | --- | --- | --- |"
echo "| redirects/s, 32 connections | $(rps redirect-nginx) | $(rps redirect-ceiling) | $(rps redirect-fuxi) | $(ratio "$fx" "$rr") | $(ratio "$fx" "$nx") |"
echo "| redirect p99 ms | $(col 3 redirect-nginx) | $(col 3 redirect-ceiling) | $(col 3 redirect-fuxi) | | |"
echo "| Payara CPU µs per redirect | | $(col 1 redirect-cpu-ceiling) | $(col 1 redirect-cpu-fuxi) | $(ratio "$(col 1 redirect-cpu-fuxi)" "$(col 1 redirect-cpu-ceiling)") | |"
echo "| MariaDB CPU µs per redirect | | | $(col 1 redirect-cpu-mariadb) | | |"
echo "| MariaDB cores busy while Fuxi is idle (the trivial WAR's rounds) | | | $(col 1 mariadb-idle-cores) | | |"
echo "| creates/s, 16 connections | | $(rps create-16-ceiling) | $(rps create-16-fuxi) | $(ratio "$fr" "$cr") | |"
echo "| create p50 ms, 1 connection | | $(col 2 create-1-ceiling) | $(col 2 create-1-fuxi) | | |"
echo "| bulk links/s (1,000 a call) | | | $(thousands "$bulk") | | |"
echo "| seconds to ready, first start of a new build (median of $START_ROUNDS) | | $(sec "$ceiling_start") | $(sec "$first_start") | $(ratio "$first_start" "$ceiling_start") | |"
echo "| seconds to ready, restart (median of $START_ROUNDS) | | $(sec "$ceiling_start") | $(sec "$restart") | $(ratio "$restart" "$ceiling_start") | |"
echo "| Payara RSS MB after the load | | $ceiling_rss | $fuxi_rss | $(ratio "$fuxi_rss" "$ceiling_rss") | |"
echo "| of which Java heap committed, MB | | $ceiling_heap | $fuxi_heap | $(ratio "$fuxi_heap" "$ceiling_heap") | |"
echo "| links in Fuxi's cache after the load | | | $(thousands "$cached") | | |"
