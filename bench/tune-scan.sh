#!/usr/bin/env bash
# bnc-tune scan against a Python urllib.parse script doing the same mapping and checks (bench/tune_scan.py), on
# a generated log of LINES lines (default 1,000,000): wall time and peak RSS of each (GNU time), then the XML and
# JUnit exports of every finding. Run after `make release`. Numbers go to BENCHMARKS.md. JOBS=N passes --jobs N
# (default: the cores available); PYTHON=0 skips the Python run (for an export-only run of a longer log).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES:-1000000}
bin=${BIN:-.build/release/bnc-tune}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 - "$lines" > "$work/access.log" <<'PY'
import sys
n = int(sys.argv[1])
base = ("/serve?action=session&advertiser_id=877&site_id=1234&sdk=server&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC"
        "&ios_ad_tracking_disabled=0&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&device_brand=Apple&device_model=iPhone15%2C2"
        "&os_version=17.4&app_version=2.3.0&user_agent=Mozilla%2F5.0+(iPhone)&screen_size=1179x2556")
out = sys.stdout
for i in range(n):
    ip = f"8.8.{i % 250}.{i % 200}" if i % 4 else f"10.0.{i % 250}.1"
    q = base.replace("action=session", "action=conversion&site_event_name=purchase&advertiser_ref_id=o%d" % (i // 3)) if i % 2 else base
    if i % 7 == 0: q += "&site-ID=1"
    out.write(f'{ip} - - [22/Nov/2026:05:{i // 20000 % 60:02d}:00 +0000] "GET {q}&device_ip={ip}&system_date={1700000000 + i // 100} HTTP/1.1" 200 64 "-" "x"\n')
PY
echo "log: $lines lines, $(du -h "$work/access.log" | cut -f1)"
run() { /usr/bin/time -f "%e s, %M KiB peak RSS" "$@" > /dev/null; }
jobs=(); [ -n "${JOBS:-}" ] && jobs=(--jobs "$JOBS")
echo "bnc-tune scan ${jobs[*]} (summary only):"
run "$bin" scan "$work/access.log" "${jobs[@]}" --output json --fail-on error || true
if [ "${PYTHON:-1}" != 0 ]; then
    echo "python3 urllib.parse baseline:"
    run python3 bench/tune_scan.py "$work/access.log"
fi
echo "bnc-tune scan ${jobs[*]} --report --junit:"
run "$bin" scan "$work/access.log" "${jobs[@]}" --output json --fail-on error --report "$work/r.xml" --junit "$work/j.xml" || true
ls -l "$work/r.xml" "$work/j.xml" | awk '{print $5, $9}'
echo "findings exported: $(grep -o '<finding ' "$work/r.xml" | wc -l)"
