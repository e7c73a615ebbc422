#!/usr/bin/env bash
# Prints the swift build flags that link libstdc++ and libgcc's unwinder into a static build (`make release`,
# `make release-multicall`), and writes what they need: .build/static-cxx/libstdc++.so, a linker script naming the
# toolchain's libstdc++.a. The Swift runtime's static link asks for `-lstdc++` (static-stdlib-args.lnk), which
# finds libstdc++.so; a directory searched first, where that name is the archive, makes the same request static.
# Why: loading libstdc++.so at every start and binding its ~4,300 symbols was about a tenth of a tool's start-up
# (BENCHMARKS.md, "Start-up"). Without libstdc++.a (no libstdc++-dev) it prints nothing: the build stays dynamic.
set -euo pipefail
cd "$(dirname "$0")/.."
cc=$(command -v clang || command -v gcc || true)
[[ -n $cc ]] || exit 0
archive=$("$cc" -print-file-name=libstdc++.a)
unwinder=$("$cc" -print-file-name=libgcc_eh.a)
[[ $archive == /* && -f $archive && $unwinder == /* && -f $unwinder ]] || exit 0
dir=$PWD/.build/static-cxx
# Quoted for the linker script, and each flag quoted for the shell that runs make's recipe (a checkout path may
# hold spaces).
text="INPUT(\"$archive\")"
mkdir -p "$dir"
if [[ ! -f $dir/libstdc++.so || "$(cat "$dir/libstdc++.so")" != "$text" ]]; then printf '%s\n' "$text" > "$dir/libstdc++.so"; fi
quote() { local q="'\\''"; printf "'%s'" "${1//\'/$q}"; }
printf '%s\n' "-Xswiftc $(quote "-L$dir") -Xlinker $(quote "$unwinder")"
