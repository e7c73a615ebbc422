function __bnc-tune_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-tune_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-tune_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-tune_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-tune_parse_tokens -S
    set -l unparsed_tokens (__bnc-tune_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-tune'
        __bnc-tune_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'map'
            __bnc-tune_parse_subcommand 1 'command' 'to-tune' 'advertiser-id=' 'site-id=' 'explain' 'conversion-key-file=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'check'
            __bnc-tune_parse_subcommand 1 'fail-on=' 'conversion-key-file=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'decrypt'
            __bnc-tune_parse_subcommand 1 'platform=' 'url' 'conversion-key-file=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'scan'
            __bnc-tune_parse_subcommand 1 'report=' 'junit=' 'html=' 'examples=' 'fail-on=' 'jobs=' 'conversion-key-file=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'replay'
            __bnc-tune_parse_subcommand 1 'conversion-key-file=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'batch=' 'concurrency=' 'rate=' 'journal=' 'resume' 'unordered' 'fail-fast' 'shard=' 'version' 'h/help'
        case 'reconcile'
            __bnc-tune_parse_subcommand 1 'date=+' 'export=+' 'html=' 'dir=' 'conversion-key-file=' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'params'
            __bnc-tune_parse_subcommand 0 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'help'
            __bnc-tune_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-tune_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-tune_parse_subcommand -S -a positional_count
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

function __bnc-tune_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-tune_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-tune_tokens -p)
    if test -z "$(__bnc-tune_tokens -t)"
        set -l index (count (__bnc-tune_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-tune' -f
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'map' -d 'Map a logged TUNE request to the Branch request it stands for (or, with --to-tune, back).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'check' -d 'Diagnose TUNE requests: each finding with its severity, what is wrong and how to fix it.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'decrypt' -d 'Decrypt the data parameter of TUNE SDK requests with the advertiser\'s conversion key.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'scan' -d 'Scan a log of TUNE requests: findings per rule, advertiser and app, with XML, JUnit and HTML reports.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'replay' -d 'Send logged TUNE requests to Branch as the v1/open sessions and v2 events they map to.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'reconcile' -d 'Reconcile a TUNE log with what Branch holds: matched, missing, duplicated or different, per line.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'params' -d 'Print the TUNE parameter table: group, type, where the seed requires it, and its Branch counterparts.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" command' -l 'command' -d 'Print a bnc-open/bnc-event command line instead of JSON.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" to-tune' -l 'to-tune' -d 'Map Branch bodies (v1/open or v2 event JSON) to TUNE URLs instead.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" advertiser-id' -l 'advertiser-id' -d 'TUNE advertiser id for --to-tune.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" site-id' -l 'site-id' -d 'TUNE app id for --to-tune.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" explain' -l 'explain' -d 'On stderr, each field of the Branch body with the TUNE parameter it came from and the rule that applied.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" conversion-key-file' -l 'conversion-key-file' -d 'The advertiser\'s TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs\' data parameter.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-tune_custom_completion ---completion map -- --profile (count (__bnc-tune_tokens -pc)) (__bnc-tune_tokens -tC))'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune map" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" fail-on' -l 'fail-on' -d 'The least severity that makes the exit status 1: error, warning or info.' -rfka 'error\t warning\t info\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" conversion-key-file' -l 'conversion-key-file' -d 'The advertiser\'s TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs\' data parameter.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune check" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" platform' -l 'platform' -d 'The cipher: ios or android (default: from sdk=, else both tried).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" url' -l 'url' -d 'Print each request as a URL with the decrypted parameters in clear.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" conversion-key-file' -l 'conversion-key-file' -d 'The advertiser\'s TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs\' data parameter.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune decrypt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune scan" -eq 1' -F
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" report' -l 'report' -d 'Write the findings report (XML) here; - is stdout.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" junit' -l 'junit' -d 'Write JUnit XML here; - is stdout.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" html' -l 'html' -d 'Write an HTML page here; - is stdout.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" examples' -l 'examples' -d 'How many worst requests the HTML page shows.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" fail-on' -l 'fail-on' -d 'The least severity that makes the exit status 1: error, warning or info.' -rfka 'error\t warning\t info\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" jobs' -l 'jobs' -d 'Threads that parse and check lines (default: the cores available, at most 8); findings still come in log order.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" conversion-key-file' -l 'conversion-key-file' -d 'The advertiser\'s TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs\' data parameter.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune scan" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune replay" -eq 1' -F
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" conversion-key-file' -l 'conversion-key-file' -d 'The advertiser\'s TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs\' data parameter.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-tune_custom_completion ---completion replay -- --profile (count (__bnc-tune_tokens -pc)) (__bnc-tune_tokens -tC))'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" batch' -l 'batch' -d 'NDJSON file of requests, one per line (same shape as the API body, without credentials); - reads stdin; gzip is read as it is.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" concurrency' -l 'concurrency' -d 'Requests in flight at once.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" rate' -l 'rate' -d 'Most requests per second (default: no limit).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" journal' -l 'journal' -d 'Journal of acknowledged lines, for --resume.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" resume' -l 'resume' -d 'Skip the lines the journal shows as acknowledged: all of them after a run that finished; a file changed since its unfinished run is refused.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" unordered' -l 'unordered' -d 'Print results as they finish instead of in input order.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" fail-fast' -l 'fail-fast' -d 'Stop at the first failed line.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" shard' -l 'shard' -d 'Take only shard K of N of the lines (stable hash), e.g. 2/8.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune replay" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_positional "bnc-tune reconcile" -eq 1' -F
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile"' -l 'date' -d 'A UTC day whose daily export to read (repeatable).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile"' -l 'export' -d 'Rows bnc-export wrote, instead of asking Branch (repeatable).' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" html' -l 'html' -d 'Write an HTML page of the reconciliation here; - is stdout (then the findings are not printed there).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'html\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" dir' -l 'dir' -d 'Keep the downloaded export files here.' -rfa '(__bnc-tune_complete_directories)'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" conversion-key-file' -l 'conversion-key-file' -d 'The advertiser\'s TUNE conversion key (16, 24 or 32 characters), to decrypt the SDKs\' data parameter.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-tune_custom_completion ---completion reconcile -- --profile (count (__bnc-tune_tokens -pc)) (__bnc-tune_tokens -tC))'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune reconcile" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune params" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-tune' -n '__bnc-tune_should_offer_completions_for_flags_or_options "bnc-tune help" version' -l 'version' -d 'Show the version.'
