#!/usr/bin/env bash
# bench/callgrind.sh: instructions executed by `bnc-event send --batch` for LINES v2 events (default 2,000),
# counted by valgrind's callgrind: repeatable to about 0.3% on these noisy machines, where wall time moves by
# 5%. Prints the total, the count of an empty batch (start-up: argument parsing, loading libcurl, opening
# the journal) and the functions of bnc's own modules by inclusive count. Run by hand after `make release`.
# valgrind 3.19 cannot read the release binary's DWARF, so a copy without debug sections is profiled.
# PRELOAD=LIB runs it with LD_PRELOAD=LIB (another malloc: /usr/lib/x86_64-linux-gnu/libmimalloc.so.2 from Debian's
# libmimalloc2.0); TUN=... with GLIBC_TUNABLES (glibc.malloc.tcache_count=200): what the allocator costs a request.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES:-2000}
bin=.build/release/bnc-event
[ -x "$bin" ] || { echo "build first: make release" >&2; exit 66; }
need=()
command -v valgrind >/dev/null || need+=(valgrind)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
[ ${#need[@]} -eq 0 ] || { apt-get update -qq >/dev/null && apt-get install -y -qq "${need[@]}" >/dev/null; }
work=$(mktemp -d)
export HOME=$work XDG_STATE_HOME=$work/state BRANCH_KEY=key_test_bench BNC_API_URL=http://127.0.0.1:18767
cleanup() { [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/nginx"
cat > "$work/nginx.conf" <<CONF
worker_processes 1; daemon on; pid $work/nginx.pid; error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off; client_body_temp_path $work/nginx; keepalive_requests 1000000;
    server { listen 127.0.0.1:18767; location / { default_type application/json; return 200 '{"branch_view_enabled":false}'; } }
}
CONF
nginx -c "$work/nginx.conf" -e "$work/nginx/error.log"
for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:18767/ && break; sleep 0.1; done
python3 - "$lines" > "$work/events.ndjson" <<'PY'
import json, sys
for i in range(int(sys.argv[1])):
    print(json.dumps({"name": "PURCHASE", "ip": "8.8.%d.%d" % (i % 250, i % 200 + 1),
                      "user_data": {"os": "Android", "os_version": "14", "android_id": "a%015x" % i, "developer_identity": "u%d" % i},
                      "event_data": {"currency": "USD", "revenue": 9.99, "transaction_id": "t%d" % i},
                      "content_items": [{"$sku": "s%d" % (i % 50), "$price": 9.99, "$quantity": 1}]}, separators=(",", ":")))
PY
: > "$work/empty.ndjson"
strip --strip-debug -o "$work/bnc-event" "$bin"
count() {
    rm -f "$work/j.db"*
    env ${PRELOAD:+LD_PRELOAD=$PRELOAD} ${TUN:+GLIBC_TUNABLES=$TUN} valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" "$work/bnc-event" send --batch "$work/$1.ndjson" \
        --concurrency 32 --journal "$work/j.db" > /dev/null 2> "$work/cg.$1.err"
    grep -o 'Collected : [0-9]*' "$work/cg.$1.err" | grep -o '[0-9]*'
}
total=$(count events)
empty=$(count empty)
printf 'instructions: %s for %s lines; %s for an empty batch; %s per line\n' "$total" "$lines" "$empty" "$(( (total - empty) / lines ))"
echo "by library:"
callgrind_annotate "$work/cg.events" 2>/dev/null | grep -E '^ *[0-9,]+ .*\[' \
    | awk '{gsub(",", "", $1); n = split($0, a, "["); s[a[n]] += $1} END {for (l in s) printf "  %12d %s\n", s[l], l}' | sort -rn | head -6
echo "bnc's functions, inclusive:"
demangle() {
    while read -r line; do
        count=${line%% *}; symbol=$(grep -o '[$]s[^ ]*' <<<"$line" || true); symbol=${symbol%\'*}
        name=$symbol; command -v swift >/dev/null && [ -n "$symbol" ] && name=$(swift demangle --simplified --compact "$symbol" 2>/dev/null || echo "$symbol")
        printf '%14s  %s\n' "$count" "${name:0:110}"
    done
}
callgrind_annotate --inclusive=yes "$work/cg.events" 2>/dev/null | grep -E 'BNCCore|BNCEvent|BNCCommandSupport' | sed -n 4,34p | demangle
[ -z "${KEEP:-}" ] || cp "$work/cg.events" "$KEEP"
