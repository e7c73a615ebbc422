function __bnc-doctor_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-doctor_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-doctor_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-doctor_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-doctor_parse_tokens -S
    set -l unparsed_tokens (__bnc-doctor_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-doctor'
        __bnc-doctor_parse_subcommand -r 1 'profile=' 'sandbox' 'api-url=' 'cacert=' 'timeout=' 'offline' 'v/verbose' 'output=' 'show-secrets' 'quiet' 'color=' 'jq=' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __bnc-doctor_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-doctor_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-doctor_parse_subcommand -S -a positional_count
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

function __bnc-doctor_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-doctor_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-doctor_tokens -p)
    if test -z "$(__bnc-doctor_tokens -t)"
        set -l index (count (__bnc-doctor_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-doctor' -f
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" profile' -l 'profile' -d 'Profile of the config file to use (see bnc-config(5)). Env: BNC_PROFILE.' -rfka '(__bnc-doctor_custom_completion ---completion -- --profile (count (__bnc-doctor_tokens -pc)) (__bnc-doctor_tokens -tC))'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" sandbox' -l 'sandbox' -d 'Use the local bnc-sandbox and its test credentials (the \'sandbox\' profile).'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" api-url' -l 'api-url' -d 'Base URL the tools would use instead of the real hosts. Env: BNC_API_URL.' -rfka ''
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" cacert' -l 'cacert' -d 'CA certificate bundle the tools would verify TLS with.' -rF
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" timeout' -l 'timeout' -d 'Seconds each upstream may take.' -rfka ''
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" offline' -l 'offline' -d 'Ask no upstream: check the configuration and the local state only.'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" v verbose' -s 'v' -l 'verbose' -d 'Trace the exchanges with the upstreams on stderr (secrets redacted).'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" output' -l 'output' -d 'Output format: json, ndjson, table or csv (default: table on a terminal, json otherwise; a one-value answer such as a link\'s URL is bare unless json or ndjson is asked; a batch prints ndjson, one JSON array with json, never a table; csv has a header row of the objects\' keys, nested values as JSON, and a cell a spreadsheet would run as a formula starts with \').' -rfka 'json\t ndjson\t table\t csv\t'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" show-secrets' -l 'show-secrets' -d 'Show secrets instead of <redacted> (in renderings, traces, reports and errors).'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" quiet' -l 'quiet' -d 'No progress line on a terminal (long jobs show one on stderr otherwise).'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" color' -l 'color' -d 'Colour: auto, always or never (NO_COLOR is honoured).' -rfka 'auto\t always\t never\t'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" jq' -l 'jq' -d 'Filter the JSON output with a jq expression (libjq), as gh\'s --jq: strings print bare, other results as compact JSON; a batch or list filters each line (ndjson) or the whole array (json).' -rfka ''
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_positional "bnc-doctor" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-doctor' -n '__bnc-doctor_should_offer_completions_for_flags_or_options "bnc-doctor help" version' -l 'version' -d 'Show the version.'
