#!/usr/bin/env bash
# bnc-export daily on a generated day of ROWS rows (default 1,000,000) in Branch's daily-export shape (the
# 142-column header, gzip CSV in files of 200,000 rows), served on 127.0.0.1 by a small Python server that answers
# POST /v3/export and serves the files with ranges (bench/export_server.py). Measures wall time and peak RSS of
# bnc-export for 10,000 rows and for ROWS rows (memory must stay flat: one row at a time), beside `zcat | wc -l`
# and a Python csv -> JSON baseline on the same files. Run after `make release`; numbers go to BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${ROWS:-1000000}
bin=${BIN:-.build/release/bnc-export}
work=$(mktemp -d); trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
run() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null; read -r wall rss < <(tail -1 "$work/time"); printf '  %s s, %s KiB peak RSS\n' "$wall" "$rss"; }
for n in 10000 "$rows"; do
    mkdir -p "$work/$n"
    python3 bench/export_server.py generate "$work/$n" "$n"
done
python3 bench/export_server.py serve "$work" > "$work/port" & server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
today=$(date -u +%F)
for n in 10000 "$rows"; do
    echo "$n rows ($(du -ch "$work/$n"/*.csv.gz | tail -1 | cut -f1) gzip):"
    echo " bnc-export daily (download, verify, NDJSON out):"
    run env XDG_STATE_HOME="$work/state-$n" BNC_API_URL="http://127.0.0.1:$port/$n" BRANCH_KEY=key_live_bench BRANCH_SECRET=secret_live_PLACEHOLDER_bench \
        "$bin" daily --date "$today" --quiet
    echo " bnc-export daily again (files kept: verify and NDJSON only):"
    run env XDG_STATE_HOME="$work/state-$n" BNC_API_URL="http://127.0.0.1:$port/$n" BRANCH_KEY=key_live_bench BRANCH_SECRET=secret_live_PLACEHOLDER_bench \
        "$bin" daily --date "$today" --quiet
    [ "$n" = 10000 ] || [ -z "${GOALS:-}" ] || printf 'export: peak RSS of %s rows to NDJSON (MiB)\t%s\t<=\t64\n' "$n" "$(echo "scale=1; $rss / 1024" | bc)" >> "$GOALS"
    echo " zcat | wc -l:"
    run sh -c "zcat $work/$n/*.csv.gz | wc -l"
    echo " python3 csv.DictReader -> json.dumps (non-empty cells):"
    run python3 bench/export_server.py ndjson "$work/$n"
done
