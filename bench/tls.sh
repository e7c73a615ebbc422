#!/usr/bin/env bash
# bench/tls.sh: bnc-event's batch over HTTPS with HTTP/2 (issue 31), as Branch is reached: nginx with a self-signed
# certificate and `http2`, pinned to core 0, answering every POST with Branch's event answer; clients on core 1:
#   - `bnc-event send --batch` (journal, ordered results, validation) with `--cacert`;
#   - h2load (nghttp2-client), the ceiling: CONCURRENCY streams over CONNECTIONS connections;
#   - `curl --parallel` over the same server (N/10 requests: it is slow there, no ceiling).
# Environment: N (events, default 20000), CONCURRENCY (default 32), CONNECTIONS (h2load's, default 1).
# Run after `make release`; bench/run runs it too.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${N:-20000}
conc=${CONCURRENCY:-32}
conns=${CONNECTIONS:-1}
bin=${BIN:-.build/release}
need=()
[ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v h2load >/dev/null || need+=(nghttp2-client)
if [ ${#need[@]} -gt 0 ]; then
    (apt-get install -y -qq "${need[@]}" >/dev/null 2>&1) || { apt-get update -qq >/dev/null && apt-get install -y -qq "${need[@]}" >/dev/null; }
fi
[ -x "$bin/bnc-event" ] || make release >&2
work=$(mktemp -d)
export HOME=$work XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config
cleanup() { [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
mkdir -p "$work/nginx"
cat > "$work/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx; proxy_temp_path $work/nginx; fastcgi_temp_path $work/nginx;
    uwsgi_temp_path $work/nginx; scgi_temp_path $work/nginx;
    keepalive_requests 1000000;
    http2_max_concurrent_streams 256;
    server {
        listen 127.0.0.1:18766 ssl http2 reuseport backlog=4096;
        ssl_certificate $work/cert.pem;
        ssl_certificate_key $work/key.pem;
        location / { default_type application/json; return 200 '{"branch_view_enabled":false}'; }
    }
}
EOF
taskset -c 0 /usr/sbin/nginx -c "$work/nginx.conf" -e "$work/nginx/error.log"
url=https://127.0.0.1:18766
for _ in $(seq 50); do curl -s --cacert "$work/cert.pem" -o /dev/null "$url/" && break; sleep 0.1; done
python3 - "$n" "$work" <<'PY'
import json, sys
n, work = int(sys.argv[1]), sys.argv[2]
with open(f"{work}/events.ndjson", "w") as f, open(f"{work}/body.json", "w") as b:
    for i in range(n):
        o = {"name": "PURCHASE", "ip": "8.8.%d.%d" % (i % 250, i % 200 + 1),
             "user_data": {"os": "Android", "os_version": "14", "android_id": "a%015x" % i, "developer_identity": "u%d" % i},
             "event_data": {"currency": "USD", "revenue": 9.99, "transaction_id": "t%d" % i},
             "content_items": [{"$sku": "s%d" % (i % 50), "$price": 9.99, "$quantity": 1}]}
        f.write(json.dumps(o, separators=(",", ":")) + "\n")
        if i == 0:
            o.pop("ip"); o["branch_key"] = "key_test_bench"; b.write(json.dumps(o, separators=(",", ":")))
with open(f"{work}/curl.cfg", "w") as f:
    body = open(f"{work}/body.json").read().replace("\\", "\\\\").replace('"', '\\"')
    for i in range(max(1, n // 10)):
        if i: f.write("next\n")
        f.write('url = "https://127.0.0.1:18766/v2/event/standard"\ndata = "%s"\n' % body)
        f.write('header = "Content-Type: application/json"\noutput = "/dev/null"\n')
PY
export BRANCH_KEY=key_test_bench BNC_API_URL=$url
rate() { echo "scale=0; $1 / $2" | bc; }
start=$(date +%s.%N)
taskset -c 1 "$bin/bnc-event" send --batch "$work/events.ndjson" --concurrency "$conc" --journal "$work/j.db" --cacert "$work/cert.pem" > "$work/out.ndjson" 2> "$work/bnc.err"
bnc_s=$(echo "$(date +%s.%N) - $start" | bc)
ok=$(grep -c '"ok":true' "$work/out.ndjson" || true)
[ "$ok" = "$n" ] || { echo "bench: bnc-event sent $ok of $n" >&2; head -3 "$work/out.ndjson" >&2; exit 1; }
taskset -c 1 h2load -n "$n" -c "$conns" -m "$conc" -d "$work/body.json" -H 'Content-Type: application/json' "$url/v2/event/standard" > "$work/h2load.out" 2>&1
h2_rps=$(awk '/^finished in/ {gsub(",", "", $4); print int($4)}' "$work/h2load.out")
start=$(date +%s.%N)
taskset -c 1 curl -s --no-progress-meter --parallel --parallel-max "$conc" --cacert "$work/cert.pem" -K "$work/curl.cfg" 2>/dev/null || true
curl_s=$(echo "$(date +%s.%N) - $start" | bc)
bnc_rps=$(rate "$n" "$bnc_s"); curl_rps=$(rate $((n / 10)) "$curl_s")
echo "| batch over TLS + HTTP/2: $n v2 events, concurrency $conc, nginx on core 0, client on core 1 | requests/s |"
echo "|---|---|"
echo "| bnc-event send --batch --cacert (journal, ordered results, validation) | $bnc_rps |"
echo "| h2load -c $conns -m $conc (the ceiling) | $h2_rps |"
echo "| curl --parallel --parallel-max $conc ($((n / 10)) requests) | $curl_rps |"
echo
printf 'bnc-event against h2load over TLS + HTTP/2: %.2fx (goal >= 0.5x)\n' "$(echo "$bnc_rps / $h2_rps" | bc -l)"
[ -z "${GOALS:-}" ] || printf 'TLS + HTTP/2 batch: bnc-event / h2load\t%.2f\t>=\t0.5\n' "$(echo "$bnc_rps / $h2_rps" | bc -l)" >> "$GOALS"
