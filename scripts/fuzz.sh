#!/usr/bin/env bash
# Fuzzes every parser of outside input with libFuzzer (and AddressSanitizer) for a bounded time each.
# usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]   (default 60 s, every target)
# New inputs go to .build-fuzz/corpus/TARGET (the seeds in Fuzz/corpus are read, never written); a crash is
# written to .build-fuzz/crashes/ and ends the run with status 1 — replay it with
#   .build/debug/fuzz-parsers TARGET .build-fuzz/crashes/TARGET-crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"; shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json ndjson device referrer openedwith config config-worst open-body event-body tune-line)
swift build --product fuzz-parsers --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 \
    | grep -vE 'Cannot export local symbol|^\[' || true
bin=.build-fuzz/debug/fuzz-parsers
[ -x "$bin" ] || { echo "fuzz: the libFuzzer build failed" >&2; exit 2; }
mkdir -p .build-fuzz/crashes
status=0
for t in "${targets[@]}"; do
    mkdir -p ".build-fuzz/corpus/$t"
    if BNC_FUZZ_TARGET="$t" "$bin" ".build-fuzz/corpus/$t" "Fuzz/corpus/$t" -max_total_time="$seconds" -max_len=65536 \
        -timeout=10 -rss_limit_mb=2048 -artifact_prefix=".build-fuzz/crashes/$t-" -print_final_stats=1 \
        > ".build-fuzz/$t.log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' ".build-fuzz/$t.log" | grep -o '[0-9]*$' || echo "?")
        echo "fuzz $t: ${seconds}s, $runs runs, no crash"
    else
        echo "fuzz $t: CRASH — see .build-fuzz/$t.log and .build-fuzz/crashes/" >&2
        status=1
    fi
done
exit $status
