#!/usr/bin/env bash
# scripts/install-runtime.sh LIBDIR EXECUTABLE...: copies the Swift runtime libraries the executables load (the
# toolchain's libswiftCore, Foundation and their kin, found by ldd) into LIBDIR, stripped. `make install` puts the
# front door and the two servers (bnc-sandbox, bnc-mcp) on this one shared runtime under lib/bnc: their RUNPATH
# is $ORIGIN/../lib/bnc, and each library's own RUNPATH ($ORIGIN) finds its kin beside it.
# Fails when an executable needs a toolchain library that is not there, or still loads one from the toolchain.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 LIBDIR EXECUTABLE..." >&2; exit 64; }
libdir=$1; shift
# Where this toolchain keeps its runtime (the same directory SwiftPM's own builds load it from).
runtime=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["paths"]["runtimeLibraryPaths"][0])')
[ -d "$runtime" ] || { echo "$0: no Swift runtime directory at '$runtime'" >&2; exit 1; }
install -d "$libdir"
for exe in "$@"; do
    # LD_LIBRARY_PATH comes before RUNPATH: ldd names the toolchain's copy of each library the executable loads.
    LD_LIBRARY_PATH=$runtime ldd "$exe" | awk -v dir="$runtime/" 'index($3, dir) == 1 { print $3 }'
done | sort -u | while read -r lib; do
    tmp="$libdir/.$(basename "$lib").tmp"
    strip --strip-unneeded -o "$tmp" "$lib"
    chmod 644 "$tmp"
    mv -f "$tmp" "$libdir/$(basename "$lib")"
done
# Installed, each executable finds every Swift library under LIBDIR and none anywhere else.
for exe in "$@"; do
    missing=$(ldd "$exe" | awk '/not found/ { print $1 }')
    [ -z "$missing" ] || { echo "$0: $exe: not found: $missing" >&2; exit 1; }
    if ldd "$exe" | awk -v dir="$runtime/" 'index($3, dir) == 1' | grep -q .; then
        echo "$0: $exe still loads the toolchain's runtime (is its RUNPATH \$ORIGIN/../lib/bnc?)" >&2; exit 1
    fi
done
