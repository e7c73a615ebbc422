function __bnc-sandbox_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-sandbox_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __bnc-sandbox_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __bnc-sandbox_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __bnc-sandbox_parse_tokens -S
    set -l unparsed_tokens (__bnc-sandbox_tokens -pc)
    switch $unparsed_tokens[1]
    case 'bnc-sandbox'
        __bnc-sandbox_parse_subcommand 0 'port=' 'state=' 'keys=' 'detach' 'pid-file=' 'log-file=' 'chaos=' 'seed=' 'burst-window=' 'legacy-409' 'threads=' 'max-recorded=' 'tls' 'tls-cert=' 'tls-key=' 'log' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'status'
            __bnc-sandbox_parse_subcommand 0 'pid-file=' 'version' 'h/help'
        case 'stop'
            __bnc-sandbox_parse_subcommand 0 'pid-file=' 'version' 'h/help'
        case 'help'
            __bnc-sandbox_parse_subcommand -r 1 'version'
        end
    end
end

function __bnc-sandbox_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else if test "$argv" = -tC
        string length -- (commandline -ct)
    else
        commandline -o $argv
    end
end

function __bnc-sandbox_parse_subcommand -S -a positional_count
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

function __bnc-sandbox_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __bnc-sandbox_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__bnc-sandbox_tokens -p)
    if test -z "$(__bnc-sandbox_tokens -t)"
        set -l index (count (__bnc-sandbox_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'bnc-sandbox' -f
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" port' -l 'port' -d 'Port on 127.0.0.1; 0 picks a free one.' -rfka ''
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" state' -l 'state' -d 'SQLite file keeping links, clicks, devices and tokens across restarts (default: in memory).' -rF
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" keys' -l 'keys' -d 'JSON file of accepted credentials: [{branch_key, branch_secret, app_id, access_token, quick_links, link_domain}].' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'json\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" detach' -l 'detach' -d 'Run in the background; print the listening line, write the pid file, return.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" pid-file' -l 'pid-file' -d 'Where to write the process id (default with --detach: $XDG_STATE_HOME/bnc/sandbox.pid); refused (75) while it names a running sandbox, or when it is a symbolic link.' -rF
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" log-file' -l 'log-file' -d 'Where a detached sandbox writes its stderr (default: $XDG_STATE_HOME/bnc/sandbox.log).' -rF
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" chaos' -l 'chaos' -d 'Injected faults: 429=P,500=P,402=P,html=P,reset=P,latency=20ms,retry-after=S.' -rfka ''
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" seed' -l 'seed' -d 'Seed for ids and chaos: the same seed and request order give the same answers.' -rfka ''
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" burst-window' -l 'burst-window' -d 'Seconds within which a second /v1/open of the same device gets 429.' -rfka ''
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" legacy-409' -l 'legacy-409' -d 'Answer alias conflicts with 409, as Branch did before, instead of 400.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" threads' -l 'threads' -d 'Event-loop threads (default: one per core).' -rfka ''
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" max-recorded' -l 'max-recorded' -d 'Requests kept for /_sandbox/requests; older ones are dropped.' -rfka ''
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" tls' -l 'tls' -d 'Serve HTTPS, TLS 1.2 and later as Branch does (the Android SDK\'s custom API URL must be https): with --tls-cert and --tls-key, or a self-signed pair for 127.0.0.1, ::1, 10.0.2.2 and localhost kept in $XDG_STATE_HOME/bnc/sandbox-tls.pem and .key.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" tls-cert' -l 'tls-cert' -d 'PEM certificate (chain) for --tls.' -rfa '(set -l exts \'pem\' \'crt\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" tls-key' -l 'tls-key' -d 'PEM private key for --tls (mode 600).' -rfa '(set -l exts \'pem\' \'key\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" log' -l 'log' -d 'Print one line per request on stderr.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_positional "bnc-sandbox" -eq 1' -fa 'status' -d 'Say whether a background sandbox runs (pid, address); exit 1 when none does.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_positional "bnc-sandbox" -eq 1' -fa 'stop' -d 'Stop the background sandbox (SIGTERM, then wait up to 10 seconds); exit 1 when none runs.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_positional "bnc-sandbox" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox status" pid-file' -l 'pid-file' -d 'The background sandbox\'s pid file (default: $XDG_STATE_HOME/bnc/sandbox.pid).' -rF
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox status" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox stop" pid-file' -l 'pid-file' -d 'The background sandbox\'s pid file (default: $XDG_STATE_HOME/bnc/sandbox.pid).' -rF
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox stop" version' -l 'version' -d 'Show the version.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox stop" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'bnc-sandbox' -n '__bnc-sandbox_should_offer_completions_for_flags_or_options "bnc-sandbox help" version' -l 'version' -d 'Show the version.'
