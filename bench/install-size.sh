#!/usr/bin/env bash
# bench/install-size.sh: the size of what `make install` puts in bin/ (issue 31: <= 40 MB) and lib/bnc, and the
# start-up of `bnc-open --dry-run` against `curl --version` (<= 1.0x), for these layouts:
#   - separate executables, each with its own static Swift runtime, Foundation and Core (the first round);
#   - the client tools as one static multi-call binary, bnc, bnc-sandbox and bnc-mcp static apart (last round);
#   - `make install`: the same multi-call binary; bnc, bnc-sandbox and bnc-mcp on one shared runtime in lib/bnc;
#   - every tool a separate executable on the shared runtime (measured, not taken).
# The last needs every product built in .build-dynamic (built when missing: minutes).
# Run after `make release`; bench/run runs it too. DYNAMIC=0 skips the last.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || apt-get install -y -qq hyperfine >/dev/null
[ -x .build/release/bnc-multicall ] || make release >&2
# The shared-runtime build's flags, as the Makefile's SHARED_FLAGS (other flags would rebuild it).
shared_flags=(-Xswiftc -no-toolchain-stdlib-rpath -Xlinker '-rpath=$ORIGIN/../lib/bnc')
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tools=(bnc-open bnc-event bnc-link bnc-asa bnc-tune bnc-api bnc-app bnc-export bnc-mcp bnc-doctor bnc-sandbox)
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
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
shared_lib=$(du -sb "$work/stage/usr/lib/bnc" | cut -f1)
biggest=$(stat -c %s "$work/stage/usr/bin/bnc-open")
# The last round's install: the same multi-call file, the other three static.
last=$biggest
for t in bnc bnc-mcp bnc-sandbox; do last=$((last + $(stat -c %s "$work/separate/$t"))); done
rows=("| separate static executables (first round) | $(mb "$separate") MB | 12 files |"
      "| one static multi-call binary under 9 names; bnc, bnc-mcp, bnc-sandbox static (last round) | $(mb "$last") MB | bnc-mcp alone $(mb "$(stat -c %s "$work/separate/bnc-mcp")") MB |"
      "| **make install**: the multi-call binary; bnc, bnc-mcp, bnc-sandbox on the shared runtime | bin/ $(mb "$multi") MB + lib/bnc $(mb "$shared_lib") MB = $(mb $((multi + shared_lib))) MB | the multi-call file $(mb "$biggest") MB; bnc $(mb "$(stat -c %s "$work/stage/usr/bin/bnc")"), bnc-mcp $(mb "$(stat -c %s "$work/stage/usr/bin/bnc-mcp")"), bnc-sandbox $(mb "$(stat -c %s "$work/stage/usr/bin/bnc-sandbox")") MB; lib/bnc $(ls "$work/stage/usr/lib/bnc" | wc -l) libraries |")
# The installed servers answer from the staged tree alone (their runtime is lib/bnc's, checked by make install).
"$work/stage/usr/bin/bnc-sandbox" --version > /dev/null && "$work/stage/usr/bin/bnc-mcp" --version > /dev/null && "$work/stage/usr/bin/bnc" --version > /dev/null
runs=("$work/separate/bnc-open ${dry[*]}" "$work/stage/usr/bin/bnc-open ${dry[*]}")
names=("separate static bnc-open" "multi-call bnc-open (installed)")
if [ "${DYNAMIC:-1}" != 0 ]; then
    swift build -c release --build-path .build-dynamic "${shared_flags[@]}" >&2
    mkdir -p "$work/dynamic/bin"
    for t in bnc "${tools[@]}"; do strip -o "$work/dynamic/bin/$t" ".build-dynamic/release/$t"; done
    bash scripts/install-runtime.sh "$work/dynamic/lib/bnc" "$work"/dynamic/bin/*
    dynamic_bin=$(du -sb "$work/dynamic/bin" | cut -f1); dynamic_lib=$(du -sb "$work/dynamic/lib" | cut -f1)
    rows+=("| every tool separate on the shared Swift runtime | bin/ $(mb "$dynamic_bin") MB + lib/bnc $(mb "$dynamic_lib") MB = $(mb $((dynamic_bin + dynamic_lib))) MB | $(ls "$work/dynamic/lib/bnc" | wc -l) libraries |")
    runs+=("$work/dynamic/bin/bnc-open ${dry[*]}")
    names+=("shared-runtime bnc-open")
fi
echo "| install | size | notes |"
echo "|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
# Five rounds, each command 60 runs a round, the order turned each round: on this shared machine a neighbour's
# burst moves one command's mean by 10-20%, and one long series per command puts all of a burst on one side.
# Each command's time is its median over every run; the spread is the range of its round medians.
for round in 1 2 3 4 5; do
    order=('curl --version' "${runs[@]}")
    [ $((round % 2)) = 0 ] && order=("${runs[@]}" 'curl --version')
    hyperfine -N --warmup 10 --runs 60 --export-json "$work/start$round.json" "${order[@]}" > /dev/null 2>&1
done
echo "| start-up (hyperfine -N, warm; 5 rounds of 60 runs) | median | round medians | against curl --version |"
echo "|---|---|---|---|"
python3 - "$work" "${runs[@]}" -- "${names[@]}" <<'PY' > "$work/start.rows"
import json, statistics, sys
work, rest = sys.argv[1], sys.argv[2:]
cut = rest.index("--")
commands, names = ["curl --version"] + rest[:cut], ["curl --version"] + rest[cut + 1:]
times = {c: [] for c in commands}
rounds = {c: [] for c in commands}
for k in range(1, 6):
    for r in json.load(open(f"{work}/start{k}.json"))["results"]:
        times[r["command"]] += r["times"]
        rounds[r["command"]].append(statistics.median(r["times"]))
curl = statistics.median(times["curl --version"])
for c, name in zip(commands, names):
    m = statistics.median(times[c])
    label = name if c == "curl --version" else name + " --dry-run"
    print(f"| {label} | {m * 1000:.2f} ms | {min(rounds[c]) * 1000:.2f}-{max(rounds[c]) * 1000:.2f} ms | {m / curl:.2f}x |")
    if name.startswith("multi-call"):
        open(f"{work}/start.ratio", "w").write(f"{m / curl:.2f}")
PY
cat "$work/start.rows"
# The front door on the shared runtime: what it costs `bnc NAME` before the tool starts.
hyperfine -N --warmup 20 --runs 200 --export-json "$work/door.json" 'curl --version' "$work/separate/bnc --version" "$work/stage/usr/bin/bnc --version" > /dev/null 2>&1
python3 - "$work/door.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
for x, name in zip(r[1:], ["static bnc (last round) --version", "installed bnc (shared runtime) --version"]):
    print(f"| {name} | {x['median'] * 1000:.2f} ms | (one series of 200) | {x['median'] / r[0]['median']:.2f}x |")
PY
# One line per issue-31 goal for bench/run's last table (GOALS names the file): name, value, <= or >=, target.
if [ -n "${GOALS:-}" ]; then
    printf 'make install bin/ (MB)\t%s\t<=\t40\n' "$(mb "$multi")" >> "$GOALS"
    printf 'installed bnc-open --dry-run start-up / curl --version (medians)\t%s\t<=\t1.0\n' "$(cat "$work/start.ratio")" >> "$GOALS"
fi
