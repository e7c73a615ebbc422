function __bnc-app_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-app_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-app_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-app_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-app_parse_tokens -S
    set -l unparsed_tokens (__bnc-app_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-app'
        __bnc-app_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'get'
            __bnc-app_parse_subcommand -r 1 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'update'
            __bnc-app_parse_subcommand 0 'set=+' 'explain' 'key=' 'secret-file=' 'access-token-file=' 'profile=' 'sandbox' 'api-url=' 'ip=' 'connect-timeout=' 'max-time=' 'retries=' 'max-response-size=' 'v/verbose' 'timing' 'insecure' 'cacert=' 'record=' 'record-limit=' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'dry-run' 'curl' 'strict' 'version' 'h/help'
        case 'fields'
            __bnc-app_parse_subcommand 0 'json-schema' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        case 'help'
            __bnc-app_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-app_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-app_parse_subcommand -S -a positional_count
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

function __bnc-app_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-app_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-app_tokens -p)
    if test -z "$(__bnc-app_tokens -t)"
        set -l index (count (__bnc-app_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-app' -f
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_positional "bnc-app" -eq 1' -fa 'get' -d 'Read the app\'s settings (GET /v1/app/{branch_key}).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_positional "bnc-app" -eq 1' -fa 'update' -d 'Change documented app settings (PUT /v1/app/{branch_key}), showing the diff first.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_positional "bnc-app" -eq 1' -fa 'fields' -d 'List the app settings an update may change: name, type with its rule, and meaning.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_positional "bnc-app" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_positional "bnc-app get" -ge 1' -fka 'app_name dev_name dev_email always_open_app android_app android_url android_uri_scheme android_package_name sha256_cert_fingerprints android_app_links_enabled android_cd_enabled android_cd_hashed android_tablet_url auto_fetch deepview_configs default_short_url_domain ios_app ios_url ios_uri_scheme ios_store_country ios_bundle_id ios_team_id universal_linking_enabled web_url default_desktop_url text_message og_app_id og_title og_description og_image_url fire_url windows_phone_url blackberry_url deepview_desktop deepview_ios deepview_android'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" explain' -l 'explain' -d 'On stderr, each field of the request (body, query, headers) with the flag or setting it came from.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-app_custom_completion ---completion get -- --profile (count (__bnc-app_tokens -pc)) (__bnc-app_tokens -tC))'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update"' -l 'set' -d 'A setting: NAME=VALUE (typed by the setting: true/false, 0/1, a,b for a list) or NAME:=JSON (repeatable).' -rfka '(__bnc-app_custom_completion ---completion update -- --set (count (__bnc-app_tokens -pc)) (__bnc-app_tokens -tC))'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" explain' -l 'explain' -d 'On stderr, each field of the request (body, query, headers) with the flag or setting it came from.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" key' -l 'key' -d 'Branch key (key_live_… or key_test_…). Env: BRANCH_KEY.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" secret-file' -l 'secret-file' -d 'File holding the Branch secret, private to you (chmod 600); - reads stdin. Env: BRANCH_SECRET. The secret itself is never taken on the command line.' -rF
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" access-token-file' -l 'access-token-file' -d 'File holding a Branch API access token (for deleting links and the Data API exports). Env: BRANCH_ACCESS_TOKEN.' -rF
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-app_custom_completion ---completion update -- --profile (count (__bnc-app_tokens -pc)) (__bnc-app_tokens -tC))'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" api-url' -l 'api-url' -d 'Base URL of the API instead of the default host (the tool appends its path). Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" ip' -l 'ip' -d 'The device\'s public IP address, sent as X-IP-Override (IPv4 or IPv6).' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for a connection.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" max-time' -l 'max-time' -d 'Seconds one attempt may take in all.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" retries' -l 'retries' -d 'Retries of 408, 429, 5xx and network errors, with exponential backoff and jitter.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" max-response-size' -l 'max-response-size' -d 'Most bytes an answer may have; a longer one is cut off, exit 76.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" v verbose' -s 'v' -l 'verbose' -d 'Trace the HTTP exchange on stderr (secrets redacted).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" timing' -l 'timing' -d 'Print dns/connect/tls/first-byte/total times on stderr.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" insecure' -l 'insecure' -d 'Do not verify TLS certificates (warns every time; never in production).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" cacert' -l 'cacert' -d 'CA certificate bundle to verify TLS with.' -rF
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" record' -l 'record' -d 'Write every attempt (retries included: request, answer, timings) to FILE as HAR 1.2, secrets redacted unless --show-secrets; mode 0600.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'har\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" record-limit' -l 'record-limit' -d 'Attempts a recording keeps; every failure is kept past it.' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" dry-run' -l 'dry-run' -d 'Print the request as JSON (method, url, headers, body) instead of sending it.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" curl' -l 'curl' -d 'Print an equivalent curl command instead of sending the request.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" strict' -l 'strict' -d 'Treat every warning as an error (exit 65): an unknown field, a flag for the other platform, ...; nothing is sent.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app update" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" json-schema' -l 'json-schema' -d 'Print the tables as JSON Schema (draft 2020-12) instead: an object schema per table, generated from the same specs.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app fields" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-app' -n '__bnc-app_should_offer_completions_for_flags_or_options "bnc-app help" version' -l 'version' -d 'Show the version.'
