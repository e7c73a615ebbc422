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

step "7. The main job, end to end, against bnc-sandbox (a local Branch + Apple + TUNE emulator)"
say "Start the emulator on a free port (it prints its address first, then serves until stopped):"
sandbox_out="$demo/sandbox.out"
bnc sandbox --port 0 --seed 1 > "$sandbox_out" 2>"$demo/sandbox.err" &
sandbox_pid=$!
trap 'kill $sandbox_pid 2>/dev/null; rm -rf "$demo"' EXIT
for _ in $(seq 50); do [[ -s "$sandbox_out" ]] && break; sleep 0.1; done
url=$(head -1 "$sandbox_out" | sed 's/^listening on //')
printf '    %s\n' "$(head -1 "$sandbox_out")"
export BNC_API_URL="$url" BRANCH_KEY=key_test_demo0123456789 BRANCH_SECRET=secret_test_demo0123456789
rm -f "$XDG_CONFIG_HOME/bnc/config.toml"  # from here on the environment carries the credentials
ua='Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15'

say "A marketing team creates a short link with deep-link data (bnc-link, POST /v1/url):"
show bnc link create --alias spring-sale --channel email --campaign spring --param '$deeplink_path=product/42' \
  --param '$ios_url=https://apps.apple.com/app/id123' --param product_id=42 --output ndjson
say "The same alias with other parameters is refused, naming what differs (nothing is overwritten):"
show bnc link create --alias spring-sale --channel sms --campaign spring --param '$deeplink_path=product/42' \
  --param '$ios_url=https://apps.apple.com/app/id123' --param product_id=42
say "Mistakes are caught before anything is sent: a misspelt control parameter (--strict makes the warning an error),"
show bnc link create --channel email --param '$deeplink_pth=product/42' --strict
say "and a redirect that is not an absolute URL:"
show bnc link create --channel email --param '$ios_url=apps.apple.com'

say "A user taps it in Mail on an iPhone, from 8.8.4.4: the link records the click and redirects to the App Store:"
show curl -s -o /dev/null -w '%{http_code} -> %{redirect_url}\n' -A "$ua" -H 'X-Forwarded-For: 8.8.4.4' "$url/spring-sale"

say "The app is installed and opened; your server reports the session with bnc-open (POST /v1/open):"
show bnc open --ip 8.8.4.4 --os iOS --os-version 17.4 --model iPhone15,2 --app-version 2.3.0 --user-agent "$ua" \
  --idfv 1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11 --server-to-server-identity --output table
say "(attributed to the click from the same IP and browser: +clicked_branch_link true, ~channel email; the app routes with \$deeplink_path)"
say "A script needs one value only:"
sleep 2.1  # the service answers 429 to a device that opens again within seconds
show bnc open --ip 8.8.4.4 --os iOS --os-version 17.4 --model iPhone15,2 --app-version 2.3.0 --user-agent "$ua" \
  --idfv 1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11 --server-to-server-identity --route +is_first_session
say "bnc-open keeps what Branch asks a client to keep (first sessions, the randomized_bundle_token):"
show bnc open state list --output table

say "The user buys it; your server sends a PURCHASE with bnc-event (POST /v2/event/standard):"
show bnc event send PURCHASE --ip 8.8.4.4 --os iOS --os-version 17.4 --idfv 1ef2a0c4-22b5-4cbd-8a69-bb5c1b9d9a11 \
  --user-agent "$ua" --developer-identity user-1 --transaction-id T-1001 --currency USD --revenue 19.99 \
  --item '$sku=42,$price=19.99,$quantity=1,$product_category=SOFTWARE' --output ndjson
say "(user_data.randomized_device_token came from bnc-open's state; the category went out in the SDKs' display form)"

say "A mistake never leaves the machine: one line naming the field and the rule (exit 65):"
show bnc event send PURCHASE --developer-identity user-1 --revenue 19,99

say "A day of events from a file: NDJSON in, one result per line out, retried and journaled:"
for i in $(seq 1 200); do
  printf '{"name":"%s","user_data":{"developer_identity":"user-%d","user_agent":"%s"},"event_data":{"revenue":%d.99,"currency":"USD"}}\n' \
    "$([[ $((i % 4)) == 0 ]] && echo PURCHASE || echo view_product)" "$i" "$ua" "$i"
done > "$demo/events.ndjson"
printf '%s$ bnc event send --batch events.ndjson --concurrency 8 > results.ndjson%s\n' "$bold" "$off"
bnc event send --batch "$demo/events.ndjson" --concurrency 8 > "$demo/results.ndjson"
printf '%s(exit %d)%s\n' "$dim" "$?" "$off"
say "results.ndjson: $(wc -l < "$demo/results.ndjson") lines, the first: $(head -1 "$demo/results.ndjson")"

say "Apple Search Ads: an AdServices token (minted by the sandbox) becomes its attribution record:"
token=
# One with a '+' in it (most are), for the form-decoder example below.
for _ in 1 2 3 4 5 6 7 8; do
  token=$(curl -s -X POST "$url/_sandbox/asa-token" -d '{"detailed":true}' | sed 's/.*"token":"\([^"]*\)".*/\1/')
  case "$token" in *+*) break;; esac
done
# The token is a credential: the command is shown with its variable, never its value (bnc-asa redacts it too).
printf '%s$ bnc asa lookup "$token" --api-url %s --output table%s\n' "$bold" "$url" "$off"
"$bin/bnc" asa lookup "$token" --api-url "$url" --output table
printf '%s(exit %d)%s\n' "$dim" "$?" "$off"
say "A token pasted through a form decoder ('+' became ' ') is explained, not sent:"
printf '%s$ bnc asa lookup "${token//+/ }"%s\n' "$bold" "$off"
"$bin/bnc" asa lookup "${token//+/ }" --api-url "$url"
printf '%s(exit %d)%s\n' "$dim" "$?" "$off"

step "8. A TUNE-to-Branch migration: diagnose a logged TUNE request, map it, send it, scan a log"
tune_url='https://877.measure.mobileapptracking.com/serve?action=session&advertiser_id=877&site_id=1&sdk=server&ios_ifa=6D92078A-8246-4BA4-AE5B-76104861E7DC&ios_ad_tracking=1&ios_ifv=1EF2A0C4-22B5-4CBD-8A69-BB5C1B9D9A11&device_ip=8.8.4.4&device_brand=Apple&device_model=iPhone15%2C2&os_version=17.4&app_version=2.3.0&user_agent=Mozilla%2F5.0+(iPhone)&local_ip=10.0.0.7'
say "check: each finding with its severity and fix (exit 1 when there are warnings or errors):"
show bnc tune check "$tune_url" --output table
say "map: the v1/open body Branch needs (flags normalised: ios_ad_tracking=1 is 'allowed'), piped into bnc-open:"
show bnc tune map "$tune_url"
printf '%s$ bnc tune map "$tune_url" | bnc open --body - --api-url %s --no-state --output json%s\n' "$bold" "$url" "$off"
"$bin/bnc" tune map "$tune_url" | "$bin/bnc" open --body - --api-url "$url" --no-state --output json
say "scan: a log of many requests, with a JUnit report a CI dashboard reads:"
{
  for i in 1 2 3; do echo "203.0.113.$i - - [22/Nov/2026:05:3$i:00 +0000] \"GET /serve?action=conversion&advertiser_id=877&site_id=1&sdk=android&site_event_name=purchase&google_aid=38400000-8cf0-11bd-b23e-10b96e40000d&device_ip=10.1.1.$i&device_brand=Google&device_model=Pixel+8&revenue=9.99&currency_code=USD HTTP/1.1\" 200 64 \"-\" \"Dalvik/2.1.0\""; done
  echo "$tune_url"
} > "$demo/tune.log"
show bnc tune scan "$demo/tune.log" --junit "$demo/tune-junit.xml" --output table
show xmllint --xpath 'string(/testsuites/testsuite/@failures)' "$demo/tune-junit.xml"
echo
say "replay: the same log sent to Branch (here the sandbox) through the batch runner:"
show bnc tune replay "$demo/tune.log" --api-url "$url"
echo

say "What the emulator received, per endpoint and status:"
show bnc api GET /_sandbox/stats --no-key --output json
kill $sandbox_pid 2>/dev/null; wait $sandbox_pid 2>/dev/null

printf '\nSee README.md, `man bnc`, `man bnc-sandbox`, and `bnc help <tool>`.\n'
