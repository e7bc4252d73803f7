#!/usr/bin/env bash
# What one link costs: on the heap when cached, in CPU per redirect, and on disk in the database. One Fuxi node makes
# BENCH_LINKS (1,000,000) links and is restarted; then a class histogram after a full GC with the link cache empty,
# every link redirected once (so the cache holds them all; the CPU of these uncached redirects is counted), another
# 20 s of them cached, and a second histogram: the difference divided by the links cached, class by class. Then the
# bytes of the tables that grow with links (data and indexes, as InnoDB reports them after ANALYZE TABLE) divided by
# the links stored. Targets only 127.0.0.1, stops what it started.
#
#   bench/memory.sh
#   BENCH_LINKS=200000 bench/memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

LINKS=${BENCH_LINKS:-1000000}

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/memory-XXXX")
trap stop_all EXIT
# start: Fuxi with room for every link, and a lifetime longer than the run so none expires before the second histogram;
# sets base, payara and mariadb
start() {
  BENCH_JAVA_OPTS=${BENCH_JAVA_OPTS:--Xmx3g} start_fuxi "$work/fuxi-data" \
    FUXI_CACHE_MAX_LINKS=$((LINKS * 2)) FUXI_CACHE_LINK_TTL_SECONDS=86400
  base="http://127.0.0.1:$FUXI_PORT"
  payara=$(fuxi_payara_pid "$FUXI_PORT")
  mariadb=$(pgrep -f "mariadbd .*$work/fuxi-data")
}

# cpu_since PID SECONDS REQUESTS: CPU milliseconds per 1,000 requests since the process had used SECONDS
cpu_since() {
  echo "$(cpu_seconds "$1") $2 $3" | awk '{ printf "%.0f", ($1 - $2) * 1e6 / $3 }'
}

cached() { curl -sf "$base/metrics?scope=application" | awk '$1 ~ /^fuxi_cache_entries/ { print int($2) }'; }

# histogram FILE: the live objects after a full GC, as "bytes instances class"
histogram() {
  jcmd "$payara" GC.class_histogram | awk '$1 ~ /^[0-9]+:$/ { print $3, $2, $4 }' > "$1"
}

start
echo "Fuxi ready on 127.0.0.1:$FUXI_PORT; results in $work"
echo "Creating $LINKS links..."
create_links "$LINKS" "$base" "$FUXI_KEY" "$work/paths.txt"
echo "Restarting Fuxi, so that its cache starts empty (a create caches the new link)..."
stop_fuxi
start
sleep 10 # the start's garbage gone, the first timers run
histogram "$work/before.txt"
empty=$(cached)

echo "Redirecting each link once ($empty cached before)..."
export BENCH_PATHS="$work/paths.txt"
cpu_before=("$(cpu_seconds "$payara")" "$(cpu_seconds "$mariadb")")
requests=0
while [ "$(cached)" -lt $((empty + LINKS)) ]; do
  requests=$((requests + $(BENCH_FROM=$requests wrk -t1 -c32 -d20s -s bench/sweep.lua "$base" | awk '/requests in/ { print $1 }')))
  echo "  $(cached) cached"
done
uncached_cpu=("$(cpu_since "$payara" "${cpu_before[0]}" "$requests")" "$(cpu_since "$mariadb" "${cpu_before[1]}" "$requests")")
uncached_requests=$requests
cpu_before=("$(cpu_seconds "$payara")" "$(cpu_seconds "$mariadb")")
requests=$(wrk -t1 -c32 -d20s -s bench/sweep.lua "$base" | awk '/requests in/ { print $1 }')
cached_cpu=("$(cpu_since "$payara" "${cpu_before[0]}" "$requests")" "$(cpu_since "$mariadb" "${cpu_before[1]}" "$requests")")
sleep 6
histogram "$work/after.txt"
full=$(cached)
added=$((full - empty))

url_bytes=$(head -1000 "$work/paths.txt" | while read -r code; do
  curl -s -o /dev/null -w '%{redirect_url}\n' "$base/$code"; done | awk '{ s += length($0) } END { printf "%.0f", s / NR }')

echo
echo "== memory per cached link, $(git rev-parse --short HEAD 2> /dev/null || echo '?'), $added links cached"
printf '%-70s %12s %14s\n' "class (instances per link >= 0.5)" "per link" "bytes per link"
awk -v n="$added" '
  FNR == NR { bytes[$3] = $1; count[$3] = $2; next }
  { db = $1 - bytes[$3]; dc = $2 - count[$3]; total += db
    if (dc / n >= 0.5) printf "%-70s %12.2f %14.1f\n", $3, dc / n, db / n }
  END { printf "%-70s %12s %14.1f\n", "all classes", "", total / n }' "$work/before.txt" "$work/after.txt" \
  | sort -k3 -n -r | tee "$work/per-link.txt"
echo
echo "== CPU ms per 1,000 redirects (2 cores, wrk -t1 -c32 on the same cores)"
printf '%-44s %10s %10s\n' "" Payara MariaDB
printf '%-44s %10s %10s\n' "$uncached_requests redirects, $added of them uncached" "${uncached_cpu[@]}"
printf '%-44s %10s %10s\n' "$requests redirects, all cached" "${cached_cpu[@]}"
echo "average URL: $url_bytes characters (a String of it costs about $((24 + (16 + url_bytes + 7) / 8 * 8)) bytes)"

db_port=$(sed -n 's/.*Embedded MariaDB listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/fuxi-data.log")
echo
echo "== database bytes per link ($LINKS links made; InnoDB's estimates after ANALYZE TABLE)"
sql() { "$FUXI_HOME/mariadb/bin/mariadb" --disable-ssl-verify-server-cert -h127.0.0.1 -P"$db_port" -ufuxi -p"$(cat "$work/fuxi-data/mariadb/password")" fuxi --table -e "$1"; }
sql "ANALYZE TABLE link, link_word, link_history, code_pool" > /dev/null
sql "
  SELECT table_name, table_rows,
         ROUND(data_length / $LINKS) AS data_per_link, ROUND(index_length / $LINKS) AS index_per_link,
         ROUND((data_length + index_length) / $LINKS) AS total_per_link
    FROM information_schema.tables WHERE table_schema = 'fuxi' AND table_name IN ('link', 'link_word', 'link_history')
  UNION ALL
  SELECT 'all three', NULL, NULL, NULL, ROUND(SUM(data_length + index_length) / $LINKS)
    FROM information_schema.tables WHERE table_schema = 'fuxi' AND table_name IN ('link', 'link_word', 'link_history');
  SELECT table_name, table_rows, ROUND((data_length + index_length) / table_rows, 1) AS bytes_per_row
    FROM information_schema.tables WHERE table_schema = 'fuxi' AND table_name = 'code_pool';" | tee "$work/database.txt"
