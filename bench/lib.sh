# Helpers for the benchmark scripts: tools, free ports, starting and stopping Fuxi and nginx on 127.0.0.1.
# Everything started here is stopped by the EXIT trap that the scripts set with `trap stop_all EXIT`.
BENCH_DATA_DIRS=()

ensure_tools() {
  local missing=()
  command -v wrk >/dev/null || missing+=(wrk)
  command -v nginx >/dev/null || missing+=(nginx-light)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} from Debian..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# What the build lays out for the launcher: the WAR, payara-micro.jar, MariaDB's binaries and the launcher itself
FUXI_HOME=app/target
FUXI_LAUNCHER=$FUXI_HOME/fuxi-launcher.jar

# launcher_in TREE: the launcher a checkout builds, in the app module's target or, before the modules, in its own
launcher_in() {
  if [ -f "$1/app/pom.xml" ]; then echo "$1/$FUXI_LAUNCHER"; else echo "$1/target/fuxi-launcher.jar"; fi
}

build_if_needed() {
  if [ ! -f "$FUXI_LAUNCHER" ] || [ -n "$(find pom.xml ./*/pom.xml ./*/src -newer "$FUXI_LAUNCHER" -print -quit)" ]; then
    echo "Building..."
    mvn -B -q -DskipTests -Dspotless.check.skip=true clean package # clean: no class of a deleted source survives
  fi
}

# Ports come from below Linux's ephemeral range (32768-60999 by default): a port there can be the local end of a
# connection, a JDBC one or a load generator's, which the listener's bind then fails on (it did in bench/compare.sh).
free_port() {
  local port
  while :; do
    port=$(shuf -i 20000-32000 -n 1)
    ss -Htln "sport = :$port" | grep -q . || { echo "$port"; return; }
  done
}

# start_fuxi DATA_DIR [extra env assignments...]: the launcher FUXI_LAUNCHER_JAR names (default this tree's), run by
# the java FUXI_LAUNCHER_JAVA names (default the one on the PATH; Payara Micro runs on the launcher's JDK); sets
# FUXI_PORT, FUXI_KEY (kept if set, for a restart), LAUNCHER_PID, READY_SECONDS
start_fuxi() {
  local data_dir=$1; shift
  FUXI_PORT=$(free_port)
  BENCH_DATA_DIRS+=("$data_dir")
  FUXI_KEY=${FUXI_KEY:-"fuxi_bench_$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"}
  # emptied here, not by the launch's redirection, which happens in the background: a restart's wait below could
  # otherwise find the previous start's ready line before it is gone, and time a restart at 0.01 s
  : > "$data_dir.log"
  local started=$(date +%s.%N)
  # the benchmark measures Fuxi, not its rate limiter; the caller's NAME=VALUE settings come last, so they win
  env FUXI_API_RATE_LIMIT_PER_KEY=1000000000 FUXI_HTTP_ADDRESS=127.0.0.1 FUXI_HTTP_PORT="$FUXI_PORT" FUXI_DATA_DIR="$data_dir" FUXI_BOOTSTRAP_API_KEY="$FUXI_KEY" \
      FUXI_JAVA_OPTS="${BENCH_JAVA_OPTS:--Xmx512m}" "$@" \
      "${FUXI_LAUNCHER_JAVA:-java}" -Xmx96m -jar "${FUXI_LAUNCHER_JAR:-$FUXI_LAUNCHER}" > "$data_dir.log" 2>&1 &
  LAUNCHER_PID=$!
  until grep -qs 'Fuxi is ready at' "$data_dir.log"; do # -s: the log may not be there yet
    kill -0 "$LAUNCHER_PID" 2>/dev/null || { echo "Fuxi did not start; see $data_dir.log"; exit 1; }
    sleep 0.2
  done
  READY_SECONDS=$(echo "$(date +%s.%N) - $started" | bc)
  local setting
  for setting in "$@"; do
    case $setting in FUXI_CODES_INITIAL_BATCH_SIZE=*) wait_for_pool "${setting#*=}" ;; esac
  done
}

# wait_for_pool CODES: until the pool has loaded CODES codes. A first start is ready after its first 10,000 and loads
# the rest of its initial batch in the background (ADR 34); a load started before it is done would run out of codes.
wait_for_pool() {
  local loaded=0 deadline=$((SECONDS + 600))
  while [ "$loaded" -lt "$1" ]; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "the code pool did not reach $1 codes in 600 s"; exit 1; }
    sleep 1
    loaded=$(curl -sf -H "Authorization: Bearer $FUXI_KEY" "http://127.0.0.1:$FUXI_PORT/api/v1/pool" \
      | grep -o '"loadedSeq":[0-9]*' | cut -d: -f2)
    loaded=${loaded:-0}
  done
}

# stop_process PID: SIGTERM, then wait for it to end
stop_process() {
  if [ -n "$1" ] && kill -0 "$1" 2>/dev/null; then
    kill -TERM "$1"
    wait "$1" 2>/dev/null || true
  fi
}

# fuxi_payara_pid PORT: the Payara Micro process of the Fuxi that listens on PORT (the launcher runs it from its root
# directory as launch-fuxi.jar, ADR 22)
fuxi_payara_pid() {
  pgrep -f "launch-fuxi.jar .*--port $1 "
}

stop_fuxi() {
  stop_process "${LAUNCHER_PID:-}"
  LAUNCHER_PID=
}

# start_nginx WORK_DIR: a trivial `return 302` responder; sets NGINX_PORT
start_nginx() {
  local dir=$1
  NGINX_PORT=$(free_port)
  mkdir -p "$dir/nginx"
  cat > "$dir/nginx/nginx.conf" <<CONF
worker_processes auto;
pid $dir/nginx/nginx.pid;
error_log $dir/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / { return 302 https://example.com/landing; }
  }
}
CONF
  nginx -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -g 'daemon off;' &
  NGINX_PID=$!
  until ss -Htln "sport = :$NGINX_PORT" | grep -q .; do sleep 0.1; done
}

stop_nginx() {
  if [ -n "${NGINX_PID:-}" ]; then
    kill -QUIT "$NGINX_PID" 2>/dev/null || true
    wait "$NGINX_PID" 2>/dev/null || true
  fi
  NGINX_PID=
}

stop_all() {
  stop_nginx
  stop_ceiling
  stop_fuxi
  remove_databases
}

# remove_databases: the embedded MariaDB of every data directory start_fuxi or start_local_cluster used (large after a
# load); the logs stay. BENCH_KEEP_DATA=1 keeps them.
remove_databases() {
  [ "${BENCH_KEEP_DATA:-}" = 1 ] && return
  local dir
  for dir in "${BENCH_DATA_DIRS[@]}"; do
    rm -rf "$dir/mariadb"
  done
}

# build_ceiling_war: target/bench-ceiling.war from bench/ceiling, the trivial WAR Fuxi's figures are set against
build_ceiling_war() {
  local api=~/.m2/repository/jakarta/platform/jakarta.jakartaee-api/10.0.0/jakarta.jakartaee-api-10.0.0.jar
  [ -f "$api" ] || mvn -B -q dependency:get -Dartifact=jakarta.platform:jakarta.jakartaee-api:10.0.0
  if [ ! -f target/bench-ceiling.war ] || [ -n "$(find bench/ceiling -newer target/bench-ceiling.war -print -quit)" ]; then
    rm -rf target/bench-ceiling && mkdir -p target/bench-ceiling/WEB-INF/classes
    javac --release 17 -cp "$api" -d target/bench-ceiling/WEB-INF/classes bench/ceiling/*.java
    jar cf target/bench-ceiling.war -C target/bench-ceiling .
  fi
}

# start_ceiling LOG: the trivial WAR on the Payara Micro and with the JVM options Fuxi runs on; sets CEILING_PORT,
# CEILING_PID, CEILING_READY_SECONDS (from the java command to the first 200)
start_ceiling() {
  CEILING_PORT=$(free_port)
  local started=$(date +%s.%N)
  java ${BENCH_JAVA_OPTS:--Xmx512m} -Dhazelcast.socket.bind.any=false -jar "$FUXI_HOME/payara-micro.jar" \
    --deploy target/bench-ceiling.war --contextroot / --port "$CEILING_PORT" --interfaces 127.0.0.1 \
    --clustermode tcpip:127.0.0.1:6900 --clustername "ceiling-$CEILING_PORT" --disablephonehome \
    --prebootcommandfile bench/ceiling/loopback.asadmin > "$1" 2>&1 &
  CEILING_PID=$!
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$CEILING_PORT/")" = 200 ]; do
    kill -0 "$CEILING_PID" 2>/dev/null || { echo "the trivial WAR did not start; see $1"; exit 1; }
    sleep 0.1
  done
  CEILING_READY_SECONDS=$(echo "$(date +%s.%N) - $started" | bc)
}

stop_ceiling() {
  stop_process "${CEILING_PID:-}"
  CEILING_PID=
}

# jdk_version [JAVA]: the version of the JDK that JAVA (default the PATH's java) belongs to, e.g. 25.0.3+9-LTS
jdk_version() {
  "${1:-java}" -XshowSettings:properties -version 2>&1 | awk '$1 == "java.vm.version" { print $3 }'
}

# rss_mb PID: resident memory in MB
# cpu_seconds PID: the CPU time (user and system) the process used so far
cpu_seconds() {
  awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.2f\n", ($12 + $13) / hz }' "/proc/$1/stat"
}

# cpu_counters: the machine's CPU time so far and the part of it the host took ("steal"), in clock ticks: a mark for
# stolen_since
cpu_counters() {
  awk '$1 == "cpu" { total = 0; for (i = 2; i <= 9; i++) total += $i; print total, $9 }' /proc/stat
}

# stolen_since "TOTAL STEAL": the share of the machine's CPU time the host (the hypervisor) took since that mark, as
# "12%". A virtual machine whose host is busy runs every target slower, by more than a change moves them
stolen_since() {
  local now
  now=$(cpu_counters)
  awk -v a="$1" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " "); t = y[1] - x[1]
    printf "%d%%\n", (t > 0 ? 100 * (y[2] - x[2]) / t : 0) }'
}

rss_mb() {
  echo $(( $(ps -o rss= -p "$1") / 1024 ))
}

# heap_mb PID: the Java heap the JVM has committed (what of the RSS the garbage collector sized)
heap_mb() {
  # JDK 17: "garbage-first heap   total 524288K, used ..." (total is what is committed); JDK 25: "total reserved
  # 524288K, committed 389120K, used ..."
  jcmd "$1" GC.heap_info | awk '/ total / {
    for (i = 1; i < NF; i++) if ($i == "committed" || ($i == "total" && $(i + 1) != "reserved")) {
      sub(/K,?$/, "", $(i + 1)); printf "%d\n", $(i + 1) / 1024; exit } }'
}

# The figures of one wrk --latency run, as "req/s p50_ms p99_ms failed" (failed: answers other than 2xx/3xx and
# socket errors)
wrk_counts() {
  awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    $1 == "Requests/sec:" { rps = $2 }
    /Non-2xx or 3xx responses/ { failed += $NF }
    /Socket errors/ { gsub(/,/, ""); failed += $4 + $6 + $8 + $10 }
    END { printf "%.2f %.2f %.2f %d\n", rps, p50, p99, failed }'
}

# The figures of one wrk --latency run, as "req/s p50_ms p99_ms". Fails when any answer was not 2xx/3xx or a
# socket error occurred: such a run measures something else (a rate limit, an error page), not what it names.
wrk_figures() {
  wrk_counts | awk '$4 > 0 { print "wrk saw " $4 " failures (non-2xx/3xx answers or socket errors), figures not reported" > "/dev/stderr"; exit 1 }
    { print $1, $2, $3 }'
}

# median of the numbers on stdin
median() {
  sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# free_ports COUNT: the first of COUNT consecutive free ports
free_ports() {
  local first
  while :; do
    first=$(shuf -i 20000-32000 -n 1)
    local taken=0
    for ((p = first; p < first + $1; p++)); do ss -Htln "sport = :$p" | grep -q . && taken=1; done
    [ $taken = 0 ] && { echo "$first"; return; }
  done
}

# start_local_cluster WORK_DIR NODES: bin/local-cluster with nginx on CLUSTER_BASE and node i on CLUSTER_BASE + i;
# sets CLUSTER_BASE, CLUSTER_KEY, CLUSTER_PID (stop it with stop_local_cluster)
start_local_cluster() {
  local work=$1 nodes=$2
  CLUSTER_BASE=$(free_ports $((nodes + 1)))
  CLUSTER_KEY="fuxi_bench_$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"}
  BENCH_DATA_DIRS+=("$work/cluster/database") # bin/local-cluster's embedded database
  FUXI_HTTP_PORT=$CLUSTER_BASE FUXI_CLUSTER_PORT=$(free_ports $((nodes + 1))) FUXI_EMBEDDED_DB_PORT=$(free_port) \
    FUXI_DATA_DIR=$work FUXI_BOOTSTRAP_API_KEY=$CLUSTER_KEY FUXI_API_RATE_LIMIT_PER_KEY=1000000000 \
    FUXI_JAVA_OPTS="${BENCH_JAVA_OPTS:--Xmx512m}" \
    bash bin/local-cluster "$FUXI_LAUNCHER" "$nodes" > "$work/cluster.log" 2>&1 &
  CLUSTER_PID=$!
  until grep -q "Fuxi cluster of $nodes ready" "$work/cluster.log" 2> /dev/null; do
    kill -0 "$CLUSTER_PID" 2> /dev/null || { echo "the cluster did not start:"; tail -20 "$work/cluster.log"; exit 1; }
    sleep 1
  done
}

stop_local_cluster() {
  if [ -n "${CLUSTER_PID:-}" ]; then
    kill -TERM "$CLUSTER_PID" 2> /dev/null || true
    wait "$CLUSTER_PID" 2> /dev/null || true
  fi
  CLUSTER_PID=
  remove_databases
}

# create_links COUNT BASE_URL KEY FILE: COUNT links through bulk calls of 1,000, their codes appended to FILE
create_links() {
  local count=$1 url=$2 key=$3 file=$4
  for ((block = 0; block * 1000 < count; block++)); do
    seq 1 1000 | awk -v b="$block$RANDOM" 'BEGIN { printf "[" } { printf "%s{\"url\":\"https://example.com/bench/%s/%d\"}", (NR > 1 ? "," : ""), b, $1 } END { printf "]" }' \
      | curl -sf -H "Authorization: Bearer $key" -H 'Content-Type: application/json' --data-binary @- \
        "$url/api/v1/links/bulk" | grep -o '"code":"[^"]*"' | cut -d'"' -f4 >> "$file"
  done
  [ "$(wc -l < "$file")" -ge "$count" ] || { echo "only $(wc -l < "$file") links made"; exit 1; }
}
