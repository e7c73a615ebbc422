#!/usr/bin/env bash
# bnc-tune scan on a generated log of LINES lines (default 1,000,000), in one run: against `wc -l` (the read
# floor), a Python urllib.parse script doing the same mapping and checks (bench/tune_scan.py), a lean Python loop
# (a regex, parse_qsl and three checks: bench/tune_scan_re.py), and itself on the gzip of the same log. The scan
# runs with its progress bar on (stderr on a pseudo-terminal, through script(1)). Wall time and peak RSS of each
# (GNU time; the fastest of three interleaved rounds), then the XML and JUnit exports of every finding (one run).
# Run after `make release`; bench/run runs it.
# JOBS=N passes --jobs N (default: the cores available); PYTHON=0 skips the Python runs (for an export-only run
# of a longer log); GOALS=FILE appends issue 31's ratios to FILE.
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
gzip -c "$work/access.log" > "$work/access.log.gz"
echo "log: $lines lines, $(du -h "$work/access.log" | cut -f1) ($(du -h "$work/access.log.gz" | cut -f1) gzip)"
jobs=(); [ -n "${JOBS:-}" ] && jobs=(--jobs "$JOBS")
# Seconds and peak RSS of a command, from GNU time. Every row is the fastest of its runs, the same estimator for
# each: ROUNDS rounds (default 3) of wc -l, the scan and the scan of the gzip log, with each Python baseline in the
# first two rounds, so each command's runs are spread over the whole measurement rather than caught together in
# one slow minute (a neighbour only ever adds time: one run each put the same binaries at 1.6 s and 2.4 s).
rounds=${ROUNDS:-3}
declare -A best best_rss
measure() {
    local key=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1 || true
    read -r w r < <(tail -1 "$work/time")
    if [ -z "${best[$key]:-}" ] || [ "$(echo "$w < ${best[$key]}" | bc -l)" = 1 ]; then best[$key]=$w; fi
    [ "$r" -gt "${best_rss[$key]:-0}" ] && best_rss[$key]=$r
    wall=${best[$key]} rss=${best_rss[$key]}
}
pick() { wall=${best[$1]} rss=${best_rss[$1]}; }
row() { printf '| %s | %.2f s | %.2f µs | %.1f MiB |\n' "$1" "$wall" "$(echo "$wall * 1000000 / $lines" | bc -l)" "$(echo "$rss / 1024" | bc -l)"; }
cat "$work/access.log" > /dev/null  # warm the page cache for every reader alike
scan() { measure "$1" script -qfec "$bin scan $2 ${jobs[*]} --output json --fail-on error > /dev/null" /dev/null; }
for round in $(seq "$rounds"); do
    measure wc wc -l "$work/access.log"
    scan plain "$work/access.log"
    scan gz "$work/access.log.gz"
    if [ "${PYTHON:-1}" != 0 ] && [ "$round" -le 2 ]; then
        measure py python3 bench/tune_scan.py "$work/access.log"
        measure re python3 bench/tune_scan_re.py "$work/access.log"
    fi
done
echo
echo "| run | wall (fastest of $rounds rounds) | per line | peak RSS |"
echo "|---|---|---|---|"
pick wc; wc=$wall; row "wc -l (the read floor)"
pick plain; plain=$wall; row "bnc-tune scan${jobs[*]:+ ${jobs[*]}} (summary; progress bar on a pty)"
pick gz; gz=$wall; row "bnc-tune scan${jobs[*]:+ ${jobs[*]}} of the gzip log"
if [ "${PYTHON:-1}" != 0 ]; then
    pick py; py=$wall; row "python3 bench/tune_scan.py (urllib.parse, same checks and mapping; fastest of $(( rounds < 2 ? rounds : 2 )))"
    pick re; re=$wall; row "python3 bench/tune_scan_re.py (regex + parse_qsl, three checks; fastest of $(( rounds < 2 ? rounds : 2 )))"
fi
measure report "$bin" scan "$work/access.log" "${jobs[@]}" --output json --fail-on error --report "$work/r.xml" --junit "$work/j.xml"
row "bnc-tune scan --report --junit ($(grep -o '<finding ' "$work/r.xml" | wc -l) findings; $(du -h "$work/r.xml" | cut -f1) XML, $(du -h "$work/j.xml" | cut -f1) JUnit)"
echo
ratio() { echo "scale=2; $1 / $2" | bc -l; }
# wc -l reads a cached file in hundredths of a second: GNU time's 0.00 is counted as 0.01.
wcfloor=$(echo "if ($wc < 0.01) 0.01 else $wc" | bc -l)
printf 'scan against wc -l: %sx the time (goal <= 15x); the gzip log at %sx the plain rate (goal >= 0.7x)\n' "$(ratio "$plain" "$wcfloor")" "$(ratio "$plain" "$gz")"
[ "${PYTHON:-1}" = 0 ] || printf 'scan against Python: %sx (goal >= 20x); against the regex + parse_qsl loop: %sx (goal >= 10x)\n' "$(ratio "$py" "$plain")" "$(ratio "$re" "$plain")"
if [ -n "${GOALS:-}" ]; then
    printf 'scan: time / wc -l (%s lines)\t%s\t<=\t15\n' "$lines" "$(ratio "$plain" "$wcfloor")" >> "$GOALS"
    printf 'scan: gzip log rate / plain log rate\t%s\t>=\t0.7\n' "$(ratio "$plain" "$gz")" >> "$GOALS"
    if [ "${PYTHON:-1}" != 0 ]; then
        printf 'scan: speed against bench/tune_scan.py\t%s\t>=\t20\n' "$(ratio "$py" "$plain")" >> "$GOALS"
        printf 'scan: speed against regex + parse_qsl loop\t%s\t>=\t10\n' "$(ratio "$re" "$plain")" >> "$GOALS"
    fi
fi
