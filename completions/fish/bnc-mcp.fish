function __bnc-mcp_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-mcp_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-mcp_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-mcp_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-mcp_parse_tokens -S
    set -l unparsed_tokens (__bnc-mcp_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-mcp'
        __bnc-mcp_parse_subcommand 0 'profile=' 'sandbox' 'api-url=' 'allow-send=' 'http=' 'allow-delete' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __bnc-mcp_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-mcp_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-mcp_parse_subcommand -S -a positional_count
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

function __bnc-mcp_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-mcp_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-mcp_tokens -p)
    if test -z "$(__bnc-mcp_tokens -t)"
        set -l index (count (__bnc-mcp_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-mcp' -f
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" profile' -l 'profile' -d 'The config profile every tool uses.' -rfka '(__bnc-mcp_custom_completion ---completion -- --profile (count (__bnc-mcp_tokens -pc)) (__bnc-mcp_tokens -tC))'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" sandbox' -l 'sandbox' -d 'Point every tool at bnc-sandbox (started when not running).'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" api-url' -l 'api-url' -d 'Base URL instead of Branch\'s hosts (BNC_API_URL).' -rfka ''
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" allow-send' -l 'allow-send' -d 'false: refuse every send; tools only show what they would send, and the sandbox is not started, stopped, reset or re-clocked.' -rfka 'true\t false\t'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" http' -l 'http' -d 'Serve MCP\'s streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST 127.0.0.1, ::1 or localhost; default 127.0.0.1; PORT 0 picks one, said on stderr).' -rfka ''
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" allow-delete' -l 'allow-delete' -d 'Let delete_link delete (with send: true); without it, it only shows the request.'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_positional "bnc-mcp" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-mcp' -n '__bnc-mcp_should_offer_completions_for_flags_or_options "bnc-mcp help" version' -l 'version' -d 'Show the version.'
