#!/usr/bin/env bash
# bench/install-size.sh: the size of what `make install` puts in bin/ (issue 31: <= 40 MB) and the start-up of
# `bnc-open --dry-run` against `curl --version` (<= 1.0x), three ways:
#   - separate executables, each with its own static Swift runtime, Foundation and Core (before);
#   - one multi-call binary hard-linked under the light client tools' names, the others apart (`make install`);
#   - separate executables on the shared Swift runtime, its libraries copied beside them (measured, not taken).
# The third needs a release build with a dynamic runtime in .build-dynamic (built when missing: minutes).
# Run after `make release`; bench/run runs it too. DYNAMIC=0 skips the third.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || apt-get install -y -qq hyperfine >/dev/null
[ -x .build/release/bnc-multicall ] || make release >&2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tools=(bnc-open bnc-event bnc-link bnc-asa bnc-tune bnc-api bnc-app bnc-export bnc-mcp bnc-doctor bnc-sandbox)
mb() { echo "scale=1; $1 / 1048576" | bc; }
export BRANCH_KEY=key_test_bench BRANCH_SECRET=secret_test_bench HOME=$work XDG_STATE_HOME=$work/state
dry=(--dry-run --no-state --ip 8.8.4.4 --os iOS --os-version 17.4 --model iPhone15,2 --app-version 2.3.0 --user-agent UA
     --idfv 1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11)

# Separate static executables, stripped.
mkdir -p "$work/separate"
for t in bnc "${tools[@]}"; do strip -o "$work/separate/$t" ".build/release/$t"; done
separate=$(du -sb "$work/separate" | cut -f1)
# What make install lays out.
make -s install DESTDIR="$work/stage" PREFIX=/usr > /dev/null
multi=$(du -sb "$work/stage/usr/bin" | cut -f1)
biggest=$(stat -c %s "$work/stage/usr/bin/bnc-open")
rows=("| separate static executables (before) | $(mb "$separate") MB | 12 files |"
      "| make install: one multi-call binary hard-linked under 9 names, 3 others | $(mb "$multi") MB | the multi-call file $(mb "$biggest") MB; without bnc-mcp $(mb $((multi - $(stat -c %s "$work/stage/usr/bin/bnc-mcp")))) MB |")
runs=("$work/separate/bnc-open ${dry[*]}" "$work/stage/usr/bin/bnc-open ${dry[*]}")
names=("separate static bnc-open" "multi-call bnc-open (installed)")
if [ "${DYNAMIC:-1}" != 0 ]; then
    [ -x .build-dynamic/release/bnc-open ] || swift build -c release --build-path .build-dynamic >&2
    mkdir -p "$work/dynamic/bin" "$work/dynamic/lib/bnc"
    for t in bnc "${tools[@]}"; do strip -o "$work/dynamic/bin/$t" ".build-dynamic/release/$t"; done
    # The Swift runtime libraries they load, copied beside them (as lib/bnc with an rpath would hold them).
    for t in "$work"/dynamic/bin/*; do ldd "$t" | awk '/=> \// {print $3}' | grep -E '/(opt|usr)/.*swift' || true; done | sort -u \
        | while read -r lib; do strip -o "$work/dynamic/lib/bnc/$(basename "$lib")" "$lib" 2>/dev/null || cp "$lib" "$work/dynamic/lib/bnc/"; done
    dynamic_bin=$(du -sb "$work/dynamic/bin" | cut -f1); dynamic_lib=$(du -sb "$work/dynamic/lib" | cut -f1)
    rows+=("| separate executables on the shared Swift runtime (bin/ + lib/bnc) | $(mb $((dynamic_bin + dynamic_lib))) MB | bin/ $(mb "$dynamic_bin") MB, lib/bnc $(mb "$dynamic_lib") MB ($(ls "$work/dynamic/lib/bnc" | wc -l) libraries) |")
    # Start-up with the same libraries where the toolchain keeps them (the binaries' RUNPATH names it).
    runs+=(".build-dynamic/release/bnc-open ${dry[*]}")
    names+=("dynamic-runtime bnc-open")
fi
echo "| install | size | notes |"
echo "|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
hyperfine -N --warmup 20 --runs 200 --export-json "$work/start.json" 'curl --version' "${runs[@]}" > /dev/null 2>&1
echo "| start-up (hyperfine -N, warm) | mean | against curl --version |"
echo "|---|---|---|"
python3 - "$work/start.json" "${names[@]}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
for x, name in zip(r, ["curl --version"] + sys.argv[2:]):
    print(f"| {name} --dry-run | {x['mean'] * 1000:.2f} ms ± {x['stddev'] * 1000:.2f} | {x['mean'] / r[0]['mean']:.2f}x |".replace("curl --version --dry-run", "curl --version"))
PY
# One line per issue-31 goal for bench/run's last table (GOALS names the file): name, value, <= or >=, target.
if [ -n "${GOALS:-}" ]; then
    printf 'make install bin/ (MB)\t%s\t<=\t40\n' "$(mb "$multi")" >> "$GOALS"
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print("installed bnc-open --dry-run start-up / curl --version\t%.2f\t<=\t1.0" % (r[2]["mean"]/r[0]["mean"]))' "$work/start.json" >> "$GOALS"
fi
