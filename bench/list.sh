#!/usr/bin/env bash
# How listing and searching a partner's links behave at N links for one key (default 1,000,000, loaded through
# the bulk API): the first page, a deep page, a code search, a common URL term, rare terms and a term that matches
# nothing.
# Targets only 127.0.0.1; stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

LINKS=${1:-1000000}
build_if_needed
mkdir -p bench/results
work=$(mktemp -d "$PWD/bench/results/list-XXXX")
trap stop_all EXIT
start_fuxi "$work/fuxi-data" FUXI_CODES_INITIAL_BATCH_SIZE=$((LINKS + 100000))
echo "Fuxi ready in ${READY_SECONDS}s; loading $LINKS links through the bulk API"
started=$(date +%s)
for ((i = 0; i < LINKS / 1000; i++)); do
  items=$(seq $((i * 1000)) $((i * 1000 + 999)) | awk '{ printf "%s{\"url\":\"https://shop%d.example/item/%d\"}", (NR > 1 ? "," : ""), $1 % 100, $1 }')
  curl -sf -o /dev/null "http://127.0.0.1:$FUXI_PORT/api/v1/links/bulk" -H "Authorization: Bearer $FUXI_KEY" \
       -H 'Content-Type: application/json' -d "[$items]"
done
loaded=$(( $(date +%s) - started ))
echo "loaded in $loaded s ($(( LINKS / (loaded > 0 ? loaded : 1) )) links/s through bulk calls of 1,000)"
code=$(curl -sf "http://127.0.0.1:$FUXI_PORT/api/v1/links?size=1" -H "Authorization: Bearer $FUXI_KEY" | grep -o '"code":"[^"]*"' | head -1 | cut -d'"' -f4)
timed() {
  local best=999
  for _ in 1 2 3; do
    t=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$FUXI_PORT/api/v1/links?$1" -H "Authorization: Bearer $FUXI_KEY")
    best=$(echo "if ($t < $best) $t else $best" | bc)
  done
  printf '%-40s %8.3f s\n' "$1" "$best"
}
echo
echo "== $LINKS links of one key; best of 3"
timed "size=20"
timed "size=20&page=5000"
timed "q=$code"
timed "q=shop7.example&size=20"
timed "q=item/424242&size=20"
timed "q=shop7.example/item/99&size=20"
timed "q=no-such-text&size=20"
# the known slow case (ADR 5): every word common, the parts in an order no URL has, so the links are read to the end
timed "q=example.shop7&size=20"
