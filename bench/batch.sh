#!/usr/bin/env bash
# Batch runner throughput and memory, for BENCHMARKS.md. Run by hand: bash bench/batch.sh
# A release build of bnc-api sends N events (default 200,000) through --batch to a release bnc-sandbox;
# peak RSS comes from GNU time. The same lines then go through `curl --parallel` for a ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${LINES_N:-200000}
[[ -x .build/release/bnc-api && -x .build/release/bnc-sandbox ]] || { echo "build first: make release" >&2; exit 66; }
work=$(mktemp -d)
export HOME=$work XDG_STATE_HOME=$work/state
trap 'kill $sandbox 2>/dev/null; rm -rf "$work"' EXIT
python3 - "$n" > "$work/events.ndjson" <<'PY'
import json, sys
for i in range(int(sys.argv[1])):
    print(json.dumps({"name": "bench_event", "user_data": {"developer_identity": f"u{i}"}, "custom_data": {"i": str(i)}}))
PY
taskset -c 0 .build/release/bnc-sandbox --port 0 --threads 1 --max-recorded 1000 > "$work/sandbox.out" &
sandbox=$!
for _ in $(seq 50); do [[ -s $work/sandbox.out ]] && break; sleep 0.1; done
url=$(sed 's/^listening on //' "$work/sandbox.out")
echo "input: $n lines ($(du -h "$work/events.ndjson" | cut -f1)); sandbox $url on cpu 0; clients on cpu 1"
for c in 8 32; do
  for journal in on; do
    /usr/bin/time -f "%e s elapsed, %M KB peak RSS" taskset -c 1 env BRANCH_KEY=key_test_bench BNC_API_URL="$url" \
      .build/release/bnc-api POST /v2/event/custom --batch "$work/events.ndjson" --concurrency $c > "$work/results.ndjson" 2> "$work/err"
    echo "bnc-api --batch, concurrency $c, journal on: $(tail -1 "$work/err") | $(grep -o '[0-9]* lines/s' "$work/err" | tail -1)"
  done
done
# The same requests with curl --parallel (no retries, no journal, no result lines): the ratio's baseline.
head -20000 "$work/events.ndjson" | awk -v u="$url" '{ gsub(/"/, "\\\""); printf "url = \"%s/v2/event/custom\"\ndata = \"{\\\"branch_key\\\":\\\"key_test_bench\\\",%s\"\nheader = \"Content-Type: application/json\"\noutput = \"/dev/null\"\nnext\n", u, substr($0, 2) }' > "$work/curl.cfg"
/usr/bin/time -f "%e s elapsed, %M KB peak RSS" taskset -c 1 curl -s --parallel --parallel-max 32 -K "$work/curl.cfg" 2> "$work/curl.err" || true
echo "curl --parallel-max 32, 20,000 of the lines: $(tail -1 "$work/curl.err")"
