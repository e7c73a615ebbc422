function __bnc-api_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-api_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-api_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-api_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-api_parse_tokens -S
    set -l unparsed_tokens (__bnc-api_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-api'
        __bnc-api_parse_subcommand 2 'replay=' 'body=' 'f/field=+' 'q/query=+' 'H/header=+' 'no-key' 'with-secret' 'with-access-token' 'raw' 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __bnc-api_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-api_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-api_parse_subcommand -S -a positional_count
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

function __bnc-api_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-api_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-api_tokens -p)
    if test -z "$(__bnc-api_tokens -t)"
        set -l index (count (__bnc-api_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-api' -f
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_positional "bnc-api" -eq 1' -fka 'GET POST PUT PATCH DELETE HEAD'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" replay' -l 'replay' -d 'Send a recording\'s requests again (HAR: --record\'s, or a browser\'s), in order, on the current base URL with the current credentials: a redacted key, secret or access token is filled in, anything else redacted is refused.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" body' -l 'body' -d 'JSON body from a file; - reads stdin. Its "ip" is the IP override, as a batch line\'s.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api"' -s 'f' -l 'field' -d 'Body field: KEY=VALUE sets a string, KEY:=JSON a typed value, null included: sent as given, where the other tools take KEY:=null to remove a field (repeatable; applied over --body).' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api"' -s 'q' -l 'query' -d 'Query parameter KEY=VALUE (repeatable).' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api"' -s 'H' -l 'header' -d 'Extra header \'Name: value\' (repeatable).' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" no-key' -l 'no-key' -d 'Do not add the Branch key.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" with-secret' -l 'with-secret' -d 'Add branch_secret to the JSON body.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" with-access-token' -l 'with-access-token' -d 'Send the API access token as the Access-Token header.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" raw' -l 'raw' -d 'The answer need not be JSON: print it as it is (a link\'s page; an image, byte for byte, to a file or pipe). Without it a 2xx that is not JSON is exit 76.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" explain' -l 'explain' -d 'On stderr, each body field, query parameter and header with its value and where it came from (-f, --body, -q, -H, --ip, the credentials\' source).'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-api_custom_completion ---completion -- --profile (count (__bnc-api_tokens -pc)) (__bnc-api_tokens -tC))'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_positional "bnc-api" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-api' -n '__bnc-api_should_offer_completions_for_flags_or_options "bnc-api help" version' -l 'version' -d 'Show the version.'
