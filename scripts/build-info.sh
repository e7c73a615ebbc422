#!/usr/bin/env bash
# Writes Sources/CCurl/include/bnc_build_info.h (the commit --version names) when it differs from what is there,
# so an unchanged commit rebuilds nothing. Outside a git checkout the tools say "unknown".
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git describe --always --dirty --abbrev=7 2>/dev/null || echo unknown)
file=Sources/CCurl/include/bnc_build_info.h
text="// Written by scripts/build-info.sh; not in git.
#define BNC_BUILD_COMMIT \"$commit\""
if [[ ! -f $file || "$(cat "$file")" != "$text" ]]; then printf '%s\n' "$text" > "$file"; fi
