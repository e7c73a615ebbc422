#!/usr/bin/env bash
# `make demo`: a newcomer's tour of bnc on this machine alone. Everything shown is real output of the tools.
# Until bnc-sandbox lands it tours what the shared core does without a server: profiles and precedence,
# requests rendered as JSON and as curl with secrets redacted, and the checks that stop bad input.
set -uo pipefail
bin="$(cd "${1:-.build/debug}" && pwd)"
export PATH="$bin:$PATH"
demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
export HOME="$demo" XDG_CONFIG_HOME="$demo/.config" XDG_STATE_HOME="$demo/.local/state"
unset BRANCH_KEY BRANCH_SECRET BNC_PROFILE BNC_API_URL BNC_CONFIG
bold=$'\e[1m'; dim=$'\e[2m'; off=$'\e[0m'
[[ -t 1 && -z "${NO_COLOR:-}" ]] || { bold=; dim=; off=; }

step() { printf '\n%s== %s%s\n' "$bold" "$1" "$off"; }
say() { printf '%s%s%s\n' "$dim" "$1" "$off"; }
show() { printf '%s$ %s%s\n' "$bold" "$*" "$off"; "$@"; local rc=$?; printf '%s(exit %d)%s\n' "$dim" "$rc" "$off"; }

step "1. The suite: one front door, one tool per API, plugins from PATH"
show bnc --list

step "2. A profile: the key in config.toml, the secret in a private file"
mkdir -p "$XDG_CONFIG_HOME/bnc"
printf 'secret_test_demo0123456789\n' > "$XDG_CONFIG_HOME/bnc/demo.secret"
chmod 600 "$XDG_CONFIG_HOME/bnc/demo.secret"
cat > "$XDG_CONFIG_HOME/bnc/config.toml" <<'TOML'
default_profile = "demo"

[profile.demo]
branch_key = "key_test_demo0123456789"
branch_secret_file = "~/.config/bnc/demo.secret"
TOML
say "config.toml:"; sed 's/^/    /' "$XDG_CONFIG_HOME/bnc/config.toml"

step "3. A v1/open request, rendered instead of sent (--dry-run): the secret is redacted"
cat > "$demo/open.json" <<'JSON'
{"os": "iOS", "os_version": "17.4", "model": "iPhone15,2", "app_version": "2.3.0",
 "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)", "server_to_server": true,
 "is_hardware_id_real": true, "hardware_id": "1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11", "hardware_id_type": "vendor_id"}
JSON
show bnc api POST /v1/open --body "$demo/open.json" --with-secret --ip 8.8.4.4 -v --dry-run

step "4. The same request as a curl command you can paste (secrets still redacted)"
show bnc api POST /v1/open --body "$demo/open.json" --with-secret --ip 8.8.4.4 --curl

step "5. Precedence: the environment beats the profile, a flag beats both"
BRANCH_KEY=key_test_fromenv show bnc api GET /v1/url -q url=https://example.app.link/abc --dry-run -v --output json
say "(look at 'branch_key from ...' on stderr, and the branch_key in the URL)"

step "6. Bad input never leaves the machine: one line, the field, the rule, a documented exit status"
show bnc api POST /v1/open --ip '203.0.113.7
X-Injected: 1' --dry-run
show bnc open --idfa not-a-uuid
show bnc api POST /v1/open --ip 10.1.2.3 --dry-run --output ndjson
chmod 644 "$XDG_CONFIG_HOME/bnc/config.toml"
printf '[profile.leaky]\nbranch_key = "key_test_x"\nbranch_secret = "secret_test_x"\n' >> "$XDG_CONFIG_HOME/bnc/config.toml"
show bnc api GET /v1/url --dry-run

chmod 600 "$XDG_CONFIG_HOME/bnc/config.toml"

step "7. What comes next"
say "bnc-sandbox (a local Branch/Apple/TUNE emulator) and the tools' own requests arrive with their issues;"
say "they answer 'not implemented yet' (exit 69) until then, never fake output:"
show bnc open --sandbox --ip 8.8.4.4
printf '\nSee README.md, `man bnc`, and `bnc help <tool>`.\n'
