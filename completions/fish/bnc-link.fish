function __bnc-link_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-link_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-link_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-link_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-link_parse_tokens -S
    set -l unparsed_tokens (__bnc-link_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-link'
        __bnc-link_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'create'
            __bnc-link_parse_subcommand 0 'channel=' 'feature=' 'campaign=' 'stage=' 'tag=+' 'alias=' 'type=' 'duration=' 'identity=' 'param=+' 'data=' 'fallback-long' 'domain=' 'explain' 'format=' 'width=' 'margin=' 'code-color=' 'background-color=' 'finder-pattern-color=' 'finder-eye-color=' 'code-pattern=' 'finder-pattern=' 'center-logo-url=' 'background-image-url=' 'code-pattern-url=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'bulk'
            __bnc-link_parse_subcommand 1 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'read'
            __bnc-link_parse_subcommand 1 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'update'
            __bnc-link_parse_subcommand 1 'channel=' 'feature=' 'campaign=' 'stage=' 'tag=+' 'alias=' 'type=' 'duration=' 'identity=' 'param=+' 'data=' 'merge' 'replace' 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'delete'
            __bnc-link_parse_subcommand 1 'app-id=' 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'long'
            __bnc-link_parse_subcommand 0 'channel=' 'feature=' 'campaign=' 'stage=' 'tag=+' 'alias=' 'type=' 'duration=' 'identity=' 'param=+' 'data=' 'domain=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'qr'
            __bnc-link_parse_subcommand 0 'channel=' 'feature=' 'campaign=' 'stage=' 'tag=+' 'alias=' 'type=' 'duration=' 'identity=' 'param=+' 'data=' 'format=' 'width=' 'margin=' 'code-color=' 'background-color=' 'finder-pattern-color=' 'finder-eye-color=' 'code-pattern=' 'finder-pattern=' 'center-logo-url=' 'background-image-url=' 'code-pattern-url=' 'out=' 'out-dir=' 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'params'
            __bnc-link_parse_subcommand 0 'json-schema' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'fields'
            __bnc-link_parse_subcommand 0 'json-schema' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'help'
            __bnc-link_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-link_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-link_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __bnc-link_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-link_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-link_tokens -p)
    if test -z "$(__bnc-link_tokens -t)"
        set -l index (count (__bnc-link_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-link' -f
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'create' -d 'Create a short link (POST /v1/url), or one per NDJSON line with --batch.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'bulk' -d 'Create many links (POST /v1/url/bulk/KEY) from NDJSON or a JSON array; one result line per item (its line, ok and url or error, keyed as every batch result), in input order.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'read' -d 'Show a link: its labels, data and type (GET /v1/url).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'update' -d 'Change a link (PUT /v1/url); Branch replaces its data wholesale.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'delete' -d 'Delete a link (DELETE /v1/url with an Access-Token).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'long' -d 'Print a long link, built offline: https://DOMAIN/a/KEY?... (tags repeated, values percent-encoded).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'qr' -d 'Make a QR code of a new link (POST /v2/qr-code): a PNG, JPEG or SVG image.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'params' -d 'List the link control parameters: name, type with its rule, and meaning.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'fields' -d 'List the fields a request body may carry: name, type and rules, meaning; then the rules between fields.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" channel' -l 'channel' -d 'Where the link is shared (~channel).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" feature' -l 'feature' -d 'What the link is for (~feature).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" campaign' -l 'campaign' -d 'The campaign (~campaign).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" stage' -l 'stage' -d 'The funnel stage (~stage).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create"' -l 'tag' -d 'A tag (repeatable).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" alias' -l 'alias' -d 'Vanity path, at most 128 characters; unique per link domain, immutable.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" type' -l 'type' -d '0 standard, 1 one-time use, 2 Quick Link (needs $marketing_title and access).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" duration' -l 'duration' -d 'Click-to-open match window in seconds (default 7200).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" identity' -l 'identity' -d 'The user who owns the link (at most 127 characters).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create"' -l 'param' -d 'A control parameter or your own data key: KEY=VALUE (repeatable; see `bnc-link params`).' -rfka '(__bnc-link_custom_completion ---completion create -- --param (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" data' -l 'data' -d 'Deep-link data from a JSON object file; - reads stdin. --param applies over it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" fallback-long' -l 'fallback-long' -d 'When creation fails, print a long link built offline instead (said on stderr).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" domain' -l 'domain' -d 'Link domain for --fallback-long.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" explain' -l 'explain' -d 'On stderr, each field of the link with its value and where it came from (a flag, --param, the --data file, the settings).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" format' -l 'format' -d 'Image format: png (default), jpeg, jpg or svg.' -rfka 'png\t jpeg\t jpg\t svg\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" width' -l 'width' -d 'Width and height of the image in pixels, 300 to 2000.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" margin' -l 'margin' -d 'Margin around the code in pixels, 1 to 20.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" code-color' -l 'code-color' -d 'Colour of the code (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" background-color' -l 'background-color' -d 'Colour of the background (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" finder-pattern-color' -l 'finder-pattern-color' -d 'Colour of the three corner squares (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" finder-eye-color' -l 'finder-eye-color' -d 'Colour of the corner squares\' centres (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" code-pattern' -l 'code-pattern' -d 'Shape of the modules: 1-7 or standard, squares, circles, triangles, diamonds, hexagons, octagons.' -rfka 'standard\t squares\t circles\t triangles\t diamonds\t hexagons\t octagons\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" finder-pattern' -l 'finder-pattern' -d 'Shape of the corner squares: 1-3 or square, rounded-square, circle.' -rfka 'square\t rounded-square\t circle\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" center-logo-url' -l 'center-logo-url' -d 'Image drawn in the centre of the code (PNG or JPEG, http(s)).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" background-image-url' -l 'background-image-url' -d 'Image the code is drawn over (http(s)).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" code-pattern-url' -l 'code-pattern-url' -d 'Image used as the code\'s pattern (http(s)).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion create -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link create" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_positional "bnc-link bulk" -eq 1' -F
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion bulk -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link bulk" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion read -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link read" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" channel' -l 'channel' -d 'Where the link is shared (~channel).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" feature' -l 'feature' -d 'What the link is for (~feature).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" campaign' -l 'campaign' -d 'The campaign (~campaign).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" stage' -l 'stage' -d 'The funnel stage (~stage).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update"' -l 'tag' -d 'A tag (repeatable).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" alias' -l 'alias' -d 'Vanity path, at most 128 characters; unique per link domain, immutable.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" type' -l 'type' -d '0 standard, 1 one-time use, 2 Quick Link (needs $marketing_title and access).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" duration' -l 'duration' -d 'Click-to-open match window in seconds (default 7200).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" identity' -l 'identity' -d 'The user who owns the link (at most 127 characters).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update"' -l 'param' -d 'A control parameter or your own data key: KEY=VALUE (repeatable; see `bnc-link params`).' -rfka '(__bnc-link_custom_completion ---completion update -- --param (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" data' -l 'data' -d 'Deep-link data from a JSON object file; - reads stdin. --param applies over it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" merge' -l 'merge' -d 'Read the link first and keep the data keys not given.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" replace' -l 'replace' -d 'Replace the data wholesale, dropping keys not given.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" explain' -l 'explain' -d 'On stderr, each field of the change with its value and where it came from (a flag, --param, the --data file, the link as read for --merge, the settings).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion update -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link update" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" app-id' -l 'app-id' -d 'The numeric Branch app id (or the profile\'s app_id, or BRANCH_APP_ID).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" explain' -l 'explain' -d 'On stderr, the query and headers with where each came from (the argument, --app-id, the access token\'s source).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion delete -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" channel' -l 'channel' -d 'Where the link is shared (~channel).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" feature' -l 'feature' -d 'What the link is for (~feature).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" campaign' -l 'campaign' -d 'The campaign (~campaign).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" stage' -l 'stage' -d 'The funnel stage (~stage).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long"' -l 'tag' -d 'A tag (repeatable).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" alias' -l 'alias' -d 'Vanity path, at most 128 characters; unique per link domain, immutable.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" type' -l 'type' -d '0 standard, 1 one-time use, 2 Quick Link (needs $marketing_title and access).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" duration' -l 'duration' -d 'Click-to-open match window in seconds (default 7200).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" identity' -l 'identity' -d 'The user who owns the link (at most 127 characters).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long"' -l 'param' -d 'A control parameter or your own data key: KEY=VALUE (repeatable; see `bnc-link params`).' -rfka '(__bnc-link_custom_completion ---completion long -- --param (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" data' -l 'data' -d 'Deep-link data from a JSON object file; - reads stdin. --param applies over it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" domain' -l 'domain' -d 'The app\'s link domain, e.g. example.app.link (default: bnc.lt; with --sandbox the sandbox, which serves the link).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion long -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link long" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" channel' -l 'channel' -d 'Where the link is shared (~channel).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" feature' -l 'feature' -d 'What the link is for (~feature).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" campaign' -l 'campaign' -d 'The campaign (~campaign).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" stage' -l 'stage' -d 'The funnel stage (~stage).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr"' -l 'tag' -d 'A tag (repeatable).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" alias' -l 'alias' -d 'Vanity path, at most 128 characters; unique per link domain, immutable.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" type' -l 'type' -d '0 standard, 1 one-time use, 2 Quick Link (needs $marketing_title and access).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" duration' -l 'duration' -d 'Click-to-open match window in seconds (default 7200).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" identity' -l 'identity' -d 'The user who owns the link (at most 127 characters).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr"' -l 'param' -d 'A control parameter or your own data key: KEY=VALUE (repeatable; see `bnc-link params`).' -rfka '(__bnc-link_custom_completion ---completion qr -- --param (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" data' -l 'data' -d 'Deep-link data from a JSON object file; - reads stdin. --param applies over it.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" format' -l 'format' -d 'Image format: png (default), jpeg, jpg or svg.' -rfka 'png\t jpeg\t jpg\t svg\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" width' -l 'width' -d 'Width and height of the image in pixels, 300 to 2000.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" margin' -l 'margin' -d 'Margin around the code in pixels, 1 to 20.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" code-color' -l 'code-color' -d 'Colour of the code (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" background-color' -l 'background-color' -d 'Colour of the background (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" finder-pattern-color' -l 'finder-pattern-color' -d 'Colour of the three corner squares (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" finder-eye-color' -l 'finder-eye-color' -d 'Colour of the corner squares\' centres (#RRGGBB).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" code-pattern' -l 'code-pattern' -d 'Shape of the modules: 1-7 or standard, squares, circles, triangles, diamonds, hexagons, octagons.' -rfka 'standard\t squares\t circles\t triangles\t diamonds\t hexagons\t octagons\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" finder-pattern' -l 'finder-pattern' -d 'Shape of the corner squares: 1-3 or square, rounded-square, circle.' -rfka 'square\t rounded-square\t circle\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" center-logo-url' -l 'center-logo-url' -d 'Image drawn in the centre of the code (PNG or JPEG, http(s)).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" background-image-url' -l 'background-image-url' -d 'Image the code is drawn over (http(s)).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" code-pattern-url' -l 'code-pattern-url' -d 'Image used as the code\'s pattern (http(s)).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" out' -l 'out' -d 'Write the image to FILE (default: standard output, when it is not a terminal).' -rfa '(set -l exts \'png\' \'jpg\' \'jpeg\' \'svg\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" out-dir' -l 'out-dir' -d 'With --batch: the directory each line\'s image is written to (qr-LINE.png, or .jpg or .svg for those formats).' -rfa '(__bnc-link_complete_directories)'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" explain' -l 'explain' -d 'On stderr, each field of the link and its code with its value and where it came from.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-link_custom_completion ---completion qr -- --profile (count (__bnc-link_tokens -pc)) (__bnc-link_tokens -tC))'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link qr" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" json-schema' -l 'json-schema' -d 'Print the tables as JSON Schema (draft 2020-12) instead: an object schema per table, generated from the same specs.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link params" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" json-schema' -l 'json-schema' -d 'Print the tables as JSON Schema (draft 2020-12) instead: an object schema per table, generated from the same specs.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link fields" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-link' -n '__bnc-link_should_offer_completions_for_flags_or_options "bnc-link help" version' -l 'version' -d 'Show the version.'
