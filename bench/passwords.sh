#!/usr/bin/env bash
# What a password costs a redirect, and what a flood of wrong passwords costs the others: one Fuxi, a plain link and a
# password-protected one, redirected by a browser's User-Agent in alternating rounds in one run (the protected one
# with the cookie that its right password set); then the plain link again while another wrk posts wrong passwords to
# the protected link, twice: from one address (the throttle turns them away unchecked: what any flood of posts costs)
# and from made-up addresses (Fuxi trusts 127.0.0.1 as a proxy here, so every guess is checked or turned away as busy,
# none by the per-address throttle). Prints redirects/s, p50 and p99 of each, the ratios, and how the floods' guesses
# were answered. Targets only 127.0.0.1, is bounded in time, and stops what it started.
#
#   bench/passwords.sh                 # 3 rounds of 10 s at 32 connections; the flood at 16
#   BENCH_ROUNDS=5 bench/passwords.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

ROUNDS=${BENCH_ROUNDS:-3}
DURATION=${BENCH_DURATION:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
FLOOD_CONNECTIONS=${BENCH_FLOOD_CONNECTIONS:-16}
BROWSER='Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
PASSWORD='the right password'

ensure_tools
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/passwords-XXXX")
trap stop_all EXIT

start_fuxi "$work/data" FUXI_PROXY_TRUSTED=127.0.0.1
echo "Fuxi on 127.0.0.1:$FUXI_PORT; results in $work"
base="http://127.0.0.1:$FUXI_PORT"

create() { # create JSON: the new link's code
  curl -sf -X POST "$base/api/v1/links" -H "Authorization: Bearer $FUXI_KEY" -H 'Content-Type: application/json' \
      -d "$1" | python3 -c "import json,sys; print(json.load(sys.stdin)['code'])"
}
plain=$(create '{"url": "https://example.com/passwords/plain"}')
protected=$(create "{\"url\": \"https://example.com/passwords/protected\", \"password\": \"$PASSWORD\"}")
echo "$plain" > "$work/plain-codes.txt"
echo "$protected" > "$work/protected-codes.txt"
cookie=$(curl -s -o /dev/null -D - -X POST "$base/$protected" --data-urlencode "password=$PASSWORD" \
    | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p')
[ -n "$cookie" ] || { echo "the right password set no cookie"; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "$base/$protected")
[ "$status" = 302 ] || { echo "the cookie did not pass the protected link: $status"; exit 1; }

run() { # run LABEL SECONDS: wrk over the label's link, as a browser (with the cookie for the protected one)
  BENCH_PATHS="$work/$1-codes.txt" wrk -t1 -c"$CONNECTIONS" -d"$2s" --latency -H "User-Agent: $BROWSER" \
    -H "Cookie: $cookie" -s bench/redirect.lua "$base"
}
flood() { # flood SPREAD SECONDS: wrong passwords for the protected link (SPREAD 1: from many addresses); wrk's report
  BENCH_SPREAD=$1 BENCH_PATH="/$protected" wrk -t1 -c"$FLOOD_CONNECTIONS" -d"$2s" -s bench/password-flood.lua "$base"
}
echo "Warming up..."
for label in plain protected; do run "$label" 15 > /dev/null; done
flood 1 10 > /dev/null

: > "$work/plain-rounds.txt"; : > "$work/protected-rounds.txt"; : > "$work/throttled-rounds.txt"; : > "$work/checked-rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  for label in plain protected; do
    figures=$(run "$label" "$DURATION" | tee -a "$work/$label-wrk.txt" | wrk_figures)
    echo "$figures" >> "$work/$label-rounds.txt"
    echo "round $round, $label: $figures (req/s p50_ms p99_ms)"
  done
  for spread in 0 1; do
    label=$([ "$spread" = 1 ] && echo checked || echo throttled)
    flood "$spread" $((DURATION + 4)) >> "$work/$label-flood-wrk.txt" &
    flooding=$!
    sleep 2
    figures=$(run plain "$DURATION" | tee -a "$work/$label-wrk.txt" | wrk_figures)
    wait "$flooding"
    echo "$figures" >> "$work/$label-rounds.txt"
    echo "round $round, plain during a flood of wrong passwords ($label): $figures"
  done
done
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
row() { echo "| $1 | $(col 1 "$work/$2-rounds.txt") | $(col 2 "$work/$2-rounds.txt") | $(col 3 "$work/$2-rounds.txt") |"; }
echo "| links | redirects/s | p50 ms | p99 ms |"
echo "| --- | --- | --- | --- |"
row "plain" plain
row "with a password (and its cookie)" protected
row "plain, during a flood of wrong passwords from one address (throttled, unchecked)" throttled
row "plain, during a flood of wrong passwords from many addresses (checked)" checked
ratio() { echo "scale=3; $(col 1 "$work/$1-rounds.txt") / $(col 1 "$work/$2-rounds.txt")" | bc; }
echo "protected / plain: $(ratio protected plain)"
echo "plain during the throttled flood / plain: $(ratio throttled plain)"
echo "plain during the checked flood / plain: $(ratio checked plain)"
echo "plain during the checked flood / during the throttled one (what checking costs the others): $(ratio checked throttled)"
for label in throttled checked; do
  echo "the $label flood, guesses/s by round: $(grep -h 'Requests/sec' "$work/$label-flood-wrk.txt" | awk '{ print $2 }' | tr '\n' ' ')"
  echo "  its answers over all rounds (403 checked and wrong, 429 throttled, 503 turned away while the checks were busy):"
  awk '$1 == "status" { n[$2] += $3 } END { for (s in n) print "    " s " " n[s] }' "$work/$label-flood-wrk.txt" | sort
done
