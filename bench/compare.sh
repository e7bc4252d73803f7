#!/usr/bin/env bash
# This tree's Fuxi against another commit's, alternating on the same machine: the way to tell a change's effect from
# the shared machine's drift, which moves a single run's figures by more than most changes do (docs/performance.md).
# The other commit is built once in a git worktree under bench/work/ (outside target/, which the mvn clean of a build
# of this tree deletes). Each run starts a fresh data directory, warms up, then measures windows of wrk with the p99 of
# a request (of a call, for bulk) and the CPU that Payara and MariaDB used in each. The last line is the share of the machine's CPU the host took during the rounds (steal time), which slows
# both sides. Targets only 127.0.0.1, is bounded in time, and stops what it started.
#
#   bench/compare.sh creates 54d9562      # 2 rounds; 60 s of creates at 16 connections, then 3 windows of 10 s
#   bench/compare.sh redirects HEAD~2     # 10,000 links, 30 s of redirects at 32 connections, then 3 windows of 10 s
#   bench/compare.sh bulk HEAD~1          # 40 s of bulk calls (1,000 links, 2 at a time), then 3 windows of 20 s
#   bench/compare.sh starts HEAD~1        # 5 rounds: a first start on a new data directory, then a restart on it
#   BENCH_ROUNDS=3 BENCH_WARM_UP=90 bench/compare.sh creates HEAD~1
#   bench/compare.sh creates env:FUXI_LINKS_CREATE_WRITERS=2    # this tree against itself with a setting changed
#   bench/compare.sh creates "env:FUXI_JAVA_OPTS=-Xms512m -Xmx512m"    # one setting; its value may hold spaces
#   bench/compare.sh starts java:/usr/lib/jvm/temurin-25-jdk-amd64/bin/java    # this tree on another JDK
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

KIND=${1:?"bench/compare.sh creates|redirects|bulk|starts COMMIT|env:NAME=VALUE"}
OTHER_ENV= # the other side's NAME=VALUE setting when it is this tree with a setting changed
OTHER_JAVA= # the java of the other side when it is this tree on another JDK
case ${2:?"bench/compare.sh creates|redirects|bulk|starts COMMIT|env:NAME=VALUE|java:PATH"} in
  env:*) OTHER_ENV=${2#env:}; OTHER=$OTHER_ENV ;;
  java:*) OTHER_JAVA=${2#java:}; OTHER=java-$(jdk_version "$OTHER_JAVA") ;;
  *) OTHER=$(git rev-parse --short "$2") ;;
esac
case $KIND in
  creates) WARM_UP=${BENCH_WARM_UP:-60} ;;
  redirects) WARM_UP=${BENCH_WARM_UP:-30} ;;
  bulk) WARM_UP=${BENCH_WARM_UP:-40} ;;
  starts) ;;
  *) echo "bench/compare.sh creates|redirects|bulk|starts COMMIT|env:NAME=VALUE|java:PATH"; exit 2 ;;
esac
ROUNDS=${BENCH_ROUNDS:-$([ "$KIND" = starts ] && echo 5 || echo 2)}
WINDOWS=${BENCH_WINDOWS:-3}
SECONDS_EACH=${BENCH_DURATION:-$([ "$KIND" = bulk ] && echo 20 || echo 10)}
PER_CALL=$([ "$KIND" = bulk ] && echo 1000 || echo 1) # links a request makes (bulk), or 1

ensure_tools
build_if_needed
other_tree=$([ -n "$OTHER_ENV$OTHER_JAVA" ] && echo . || echo "bench/work/compare-$OTHER")
if [ ! -f "$(launcher_in "$other_tree")" ]; then
  echo "Building $OTHER in $other_tree..."
  git worktree prune
  rm -rf "$other_tree"
  git worktree add -q --detach "$other_tree" "$OTHER"
  (cd "$other_tree" && mvn -B -q -DskipTests -Dspotless.check.skip=true package)
fi
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/compare-XXXX")
trap stop_all EXIT

side() { # a side's name in file names: "this", or "other" (a commit, or a setting: '/', '=' and spaces in names broke
  # the embedded MariaDB, whose paths must hold no space)
  [ "$1" = this ] && echo this || echo other
}
launcher_of() { # a side's launcher jar
  [ "$1" = this ] && echo "$FUXI_LAUNCHER" || launcher_in "$other_tree"
}
java_of() { # a side's java: the other side's when it is this tree on another JDK, else the one on the PATH
  [ "$1" = this ] || [ -z "$OTHER_JAVA" ] && echo java || echo "$OTHER_JAVA"
}
# start_side BUILD DATA_DIR [NAME=VALUE...]: start_fuxi with the side's launcher, java and, for the other side when it
# is this tree with a setting changed, that setting last (so it wins)
start_side() {
  local build=$1 data=$2
  shift 2
  FUXI_LAUNCHER_JAR=$(launcher_of "$build"); FUXI_LAUNCHER_JAVA=$(java_of "$build")
  if [ "$build" != this ] && [ -n "$OTHER_ENV" ]; then set -- "$@" "$OTHER_ENV"; fi
  start_fuxi "$data" "$@"
}

load() { # load SECONDS: redirects, creates or bulk-created links per second, and the p99 of a request in ms
  if [ "$KIND" = creates ]; then
    wrk -t2 -c16 -d"$1s" --latency -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links"
  elif [ "$KIND" = bulk ]; then
    wrk -t1 -c2 -d"$1s" --latency -s bench/bulk.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk"
  else
    BENCH_PATHS="$work/paths.txt" wrk -t1 -c32 -d"$1s" --latency -s bench/redirect.lua "http://127.0.0.1:$FUXI_PORT"
  fi | wrk_figures | awk -v per_call="$PER_CALL" '{ print $1 * per_call, $3 }'
}

# a first start of each build makes its class-data archive (ADR 20), which would otherwise be dumped during a round
# (the other side's settings included: other JVM options have an archive of their own)
for build in "$OTHER" this; do
  start_side "$build" "$work/data-first-start"
  stop_fuxi
  rm -rf "$work/data-first-start"
done

rounds_began=$(cpu_counters)
report_steal() {
  echo "The host took (CPU steal time) $(stolen_since "$rounds_began") of the machine's CPU during the rounds."
}

if [ "$KIND" = starts ]; then # seconds from the run command to ready, as bench/all.sh counts them
  echo "| round | build | first start s | restart s |"
  echo "| --- | --- | --- | --- |"
  for round in $(seq 1 "$ROUNDS"); do
    for build in "$OTHER" this; do
      start_side "$build" "$work/data-$round-$(side "$build")"; first_start=$READY_SECONDS; stop_fuxi
      start_side "$build" "$work/data-$round-$(side "$build")"; stop_fuxi
      printf "| %d | %s | %.2f | %.2f |\n" "$round" "$build" "$first_start" "$READY_SECONDS" | tee -a "$work/$(side "$build").md"
    done
  done
  for build in "$OTHER" this; do
    echo "$build: median first start $(awk -F'|' '{ print $4 }' "$work/$(side "$build").md" | median) s," \
      "restart $(awk -F'|' '{ print $5 }' "$work/$(side "$build").md" | median) s"
  done
  report_steal
  exit 0
fi

echo "| round | build | $KIND/s | p99 ms | Payara µs each | MariaDB µs each |"
echo "| --- | --- | --- | --- | --- | --- |"
for round in $(seq 1 "$ROUNDS"); do
  for build in "$OTHER" this; do
    data="$work/data-$round-$(side "$build")"
    start_side "$build" "$data" FUXI_CODES_INITIAL_BATCH_SIZE=4000000
    payara=$(fuxi_payara_pid "$FUXI_PORT")
    mariadb=$(pgrep -f "mariadbd .*$data")
    export BENCH_KEY="$FUXI_KEY" BENCH_CODES_DIR="$work" BENCH_ITEMS=$PER_CALL
    if [ "$KIND" = redirects ]; then
      rm -f "$work/paths.txt"
      create_links 10000 "http://127.0.0.1:$FUXI_PORT" "$FUXI_KEY" "$work/paths.txt"
    fi
    load "$WARM_UP" > /dev/null
    for window in $(seq 1 "$WINDOWS"); do
      payara_before=$(cpu_seconds "$payara"); mariadb_before=$(cpu_seconds "$mariadb")
      figures=$(load "$SECONDS_EACH") # rate p99
      payara_after=$(cpu_seconds "$payara"); mariadb_after=$(cpu_seconds "$mariadb")
      echo "$round $figures $SECONDS_EACH $payara_before $payara_after $mariadb_before $mariadb_after" | awk -v build="$build" '{
        n = $2 * $4; printf "| %d | %s | %.0f | %.2f | %.1f | %.1f |\n", $1, build, $2, $3, ($6 - $5) * 1e6 / n, ($8 - $7) * 1e6 / n }' \
        | tee -a "$work/$(side "$build").md"
    done
    stop_fuxi
  done
done
for build in "$OTHER" this; do
  echo "$build: median $(awk -F'|' '{ print $4 }' "$work/$(side "$build").md" | median) $KIND/s," \
    "p99 $(awk -F'|' '{ print $5 }' "$work/$(side "$build").md" | median) ms," \
    "Payara $(awk -F'|' '{ print $6 }' "$work/$(side "$build").md" | median) µs," \
    "MariaDB $(awk -F'|' '{ print $7 }' "$work/$(side "$build").md" | median) µs each"
done
report_steal
