#!/usr/bin/env bash
# Loopback throughput of bnc-sandbox under wrk, for BENCHMARKS.md. Run by hand: bash bench/sandbox.sh
# Needs: a release build (make release) and wrk (apt-get install wrk). Both ends share this machine's cores,
# so the sandbox and wrk are pinned to different cores with taskset when there are at least two.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/bnc-sandbox
[[ -x $bin ]] || { echo "build first: make release" >&2; exit 66; }
command -v wrk >/dev/null || { echo "install wrk: apt-get install wrk" >&2; exit 69; }
duration=${DURATION:-10s}
server_cpu=0 client_cpu=1
[[ $(nproc) -ge 2 ]] || client_cpu=0
out=$(mktemp)
taskset -c $server_cpu "$bin" --port 0 --threads 1 --burst-window 0 > "$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 50); do [[ -s $out ]] && break; sleep 0.1; done
url=$(sed 's/^listening on //' "$out")
echo "sandbox: $url (pinned to cpu $server_cpu, 1 event-loop thread); wrk on cpu $client_cpu, $duration, 1 thread, 32 connections"
for endpoint in open event; do
  echo "== POST $([[ $endpoint == open ]] && echo /v1/open || echo /v2/event/standard)"
  taskset -c $client_cpu wrk -t1 -c32 -d"$duration" -s "bench/$endpoint.lua" "$url" | grep -E 'Requests/sec|Latency|requests in|Non-2xx'
done
echo "== RSS after the run: $(awk '/VmRSS/ {print $2, $3}' /proc/$pid/status)"
