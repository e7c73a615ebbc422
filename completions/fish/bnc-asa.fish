function __bnc-asa_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-asa_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-asa_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-asa_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-asa_parse_tokens -S
    set -l unparsed_tokens (__bnc-asa_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-asa'
        __bnc-asa_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'lookup'
            __bnc-asa_parse_subcommand 1 'token-file=' 'generated-at=' 'attempts=' 'retry-interval=' 'no-cache' 'explain' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'decode-iad'
            __bnc-asa_parse_subcommand 1 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'encode-iad'
            __bnc-asa_parse_subcommand 1 'version' 'h/help'
        case 'for-open'
            __bnc-asa_parse_subcommand 0 'token=' 'iad=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'help'
            __bnc-asa_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-asa_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-asa_parse_subcommand -S -a positional_count
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

function __bnc-asa_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-asa_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-asa_tokens -p)
    if test -z "$(__bnc-asa_tokens -t)"
        set -l index (count (__bnc-asa_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-asa' -f
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa" -eq 1' -fa 'lookup' -d 'Read the attribution record of an AdServices token (POST /api/v1/).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa" -eq 1' -fa 'decode-iad' -d 'Read a legacy iAd attribution dictionary: JSON (Version3.1 wrapper), Apple\'s plist-like sample text, or Base64 search_ad_encoded.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa" -eq 1' -fa 'encode-iad' -d 'Write Branch\'s search_ad_encoded (Base64 of the iAd dictionary as JSON) from any form decode-iad reads.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa" -eq 1' -fa 'for-open' -d 'Print the v1/open fields Apple Search Ads gives a session, as JSON for bnc-open --body -.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" token-file' -l 'token-file' -d 'Read the token from a file.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" generated-at' -l 'generated-at' -d 'When the app made the token (ISO 8601 or epoch seconds); over 24 h is refused.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" attempts' -l 'attempts' -d 'Attempts in all while Apple answers 404.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" retry-interval' -l 'retry-interval' -d 'Seconds between 404 retries.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" no-cache' -l 'no-cache' -d 'Ask Apple even when the state database holds this token\'s record.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" explain' -l 'explain' -d 'On stderr, the token sent, where it came from and what was removed from it, and the headers.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-asa_custom_completion ---completion lookup -- --profile (count (__bnc-asa_tokens -pc)) (__bnc-asa_tokens -tC))'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" strict' -l 'strict' -d 'Treat every warning as an error (exit 65); nothing is sent.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa lookup" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa decode-iad" -eq 1' -F
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa decode-iad" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_positional "bnc-asa encode-iad" -eq 1' -F
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa encode-iad" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa encode-iad" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" token' -l 'token' -d 'The AdServices token.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" iad' -l 'iad' -d 'A legacy iAd payload file (any form decode-iad reads).' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-asa_custom_completion ---completion for-open -- --profile (count (__bnc-asa_tokens -pc)) (__bnc-asa_tokens -tC))'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa for-open" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-asa' -n '__bnc-asa_should_offer_completions_for_flags_or_options "bnc-asa help" version' -l 'version' -d 'Show the version.'
