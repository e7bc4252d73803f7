#!/usr/bin/env bash
# Where the Payara process spends its CPU under a load: async-profiler (from Maven Central) attached for a window,
# the samples written as collapsed stacks, and the methods with the largest inclusive shares printed. Unlike JFR's
# execution samples, which overstate long-running threads (JFR put the click flush at many times its share of a
# redirect load), it samples on-CPU time of every thread, the kernel's included. Targets only 127.0.0.1, is bounded in
# time, and stops what it started.
#
#   bench/profile.sh redirects         # 10,000 links, 40 s of warm-up, 20 s profiled at 32 connections
#   bench/profile.sh creates           # 90 s of warm-up, 20 s profiled at 16 connections
#   bench/profile.sh bulk              # 40 s of warm-up, 20 s profiled: 1,000 links a call, 2 calls at a time
#   BENCH_TOP=80 bench/profile.sh redirects
#   BENCH_EVENT=alloc bench/profile.sh creates   # which methods allocate on the heap, instead of the CPU
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

KIND=${1:?"bench/profile.sh redirects|creates|bulk"}
case $KIND in redirects | creates | bulk) ;; *) echo "bench/profile.sh redirects|creates|bulk"; exit 2 ;; esac
PROFILER_VERSION=3.0

ensure_tools
build_if_needed
jar=~/.m2/repository/tools/profiler/async-profiler/$PROFILER_VERSION/async-profiler-$PROFILER_VERSION.jar
[ -f "$jar" ] || mvn -B -q dependency:get -Dartifact=tools.profiler:async-profiler:$PROFILER_VERSION
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/profile-XXXX")
unzip -q -j "$jar" linux-x64/libasyncProfiler.so -d "$work"
trap stop_all EXIT
start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=4000000
payara=$(fuxi_payara_pid "$FUXI_PORT")
export BENCH_KEY="$FUXI_KEY" BENCH_CODES_DIR="$work"

load() { # load SECONDS
  if [ "$KIND" = creates ]; then
    wrk -t2 -c16 -d"$1s" -s bench/create.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links"
  elif [ "$KIND" = bulk ]; then
    BENCH_ITEMS=1000 wrk -t1 -c2 -d"$1s" -s bench/bulk.lua "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk"
  else
    BENCH_PATHS="$work/paths.txt" wrk -t1 -c32 -d"$1s" -s bench/redirect.lua "http://127.0.0.1:$FUXI_PORT"
  fi
}
profiler() { # the agent's command, quoted for jcmd (whose parser would split it at '=')
  jcmd "$payara" JVMTI.agent_load "$work/libasyncProfiler.so" "\"$1\"" > /dev/null
}

if [ "$KIND" = redirects ]; then
  create_links 10000 "http://127.0.0.1:$FUXI_PORT" "$FUXI_KEY" "$work/paths.txt"
  load 40 > /dev/null
elif [ "$KIND" = bulk ]; then
  load 40 > /dev/null
else
  load 90 > /dev/null
fi
if [ "${BENCH_EVENT:-cpu}" = cpu ]; then profiler "start,event=cpu,interval=1ms"; else profiler "start,event=$BENCH_EVENT"; fi
requests=$(load 20 | awk '$1 == "Requests/sec:" { print $2 }')
profiler "stop,file=$work/$KIND.collapsed,collapsed"
echo "$requests $KIND/s while profiled; collapsed stacks in $work/$KIND.collapsed (event ${BENCH_EVENT:-cpu}; a cpu sample is 1 ms)"
awk -v top="${BENCH_TOP:-50}" '{
    n = $NF; $NF = ""; total += n; split($0, frames, ";"); delete seen
    for (i in frames) { f = frames[i]; sub(/ +$/, "", f); if (!(f in seen)) { seen[f] = 1; inclusive[f] += n } }
  }
  END { for (f in inclusive) printf "%5.1f%% %s\n", 100 * inclusive[f] / total, f | "sort -rn | head -" top }' \
  "$work/$KIND.collapsed"
