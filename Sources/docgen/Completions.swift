// Completion scripts: ArgumentParser's own for each tool, patched where it falls short in a real shell, and the
// front door's, which completes tool names (with descriptions) and hands over to the tool's own.
import BNCCore
import BNCSuite
import Foundation

enum Completions {
    static func path(for executable: String, shell: String) -> String {
        switch shell {
        case "bash": "completions/bash/\(executable)"
        case "zsh": "completions/zsh/_\(executable)"
        default: "completions/fish/\(executable).fish"
        }
    }

    /// ArgumentParser's script for `tool`, patched:
    /// - bash: values from the tool (`.custom`: profiles, link parameters) are completed by `__TOOL_words`, which
    ///   keeps the quoting the user began (`'$ios_u` stays quoted, a bare `$ios_u` becomes `\$ios_url=`) instead
    ///   of `compgen -W`, which expands `$name` as a variable; a value ending in `=` takes no space after it.
    ///   Subcommands are offered with their descriptions (`__TOOL_describe`) when more than one fits.
    /// - zsh: a value ending in `=` takes no closing quote or space after it.
    /// - fish 3: `commandline -o -tC` fails outside an interactive line and means something else inside one; the
    ///   cursor's index in the current token is the length of the token cut at the cursor.
    static func patch(_ script: String, tool: String, shell: String, help: JSON) -> String {
        var s = script
        switch shell {
        case "bash":
            s = s.replacing("__\(tool)_add_completions -W \"$(__\(tool)_custom_complete", with: "__\(tool)_words \"$(__\(tool)_custom_complete")
            for (names, described) in subcommandLists(help) {
                let args = described.map { "$'" + bashANSIQuoted($0.name + "\t" + $0.abstract) + "'" }.joined(separator: " ")
                s = s.replacing("COMPREPLY+=($(compgen -W '\(names)' -- \"${cur}\"))", with: "__\(tool)_describe \(args)")
            }
            s = s.replacing("\ncomplete -o filenames -F _\(tool) \(tool)", with: "\n" + bashHelpers(prefix: "__" + tool) + "\ncomplete -o filenames -F _\(tool) \(tool)")
        case "zsh":
            s = s.replacing("""
                    _describe -V '' non_empty_completions -- empty_completions -P $'\\'\\''
                """, with: """
                    local -ar assignments=(${(M)non_empty_completions:#*=}) others=(${non_empty_completions:#*=})
                    _describe -V '' others -- assignments -S '' -- empty_completions -P $'\\'\\''
                """)
        default:
            s = s.replacing("""
                    else
                        commandline -o $argv
                    end
                """, with: """
                    else if test "$argv" = -tC
                        string length -- (commandline -ct)
                    else
                        commandline -o $argv
                    end
                """)
        }
        return s
    }

    /// For each command with subcommands: the names as ArgumentParser's bash lists them, with their abstracts.
    static func subcommandLists(_ command: JSON) -> [(String, [(name: String, abstract: String)])] {
        let subs = command["subcommands"]?.arrayValue ?? []
        var lists: [(String, [(name: String, abstract: String)])] = []
        if !subs.isEmpty {
            let described = subs.map { (name: $0["commandName"]?.stringValue ?? "", abstract: $0["abstract"]?.stringValue ?? "") }
            lists.append((described.map(\.name).joined(separator: " "), described))
        }
        for sub in subs { lists += subcommandLists(sub) }
        return lists
    }

    /// Text for inside bash's $'...'.
    static func bashANSIQuoted(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'").replacing("\t", with: "\\t").replacing("\n", with: " ")
    }

    /// The bash functions every script carries (a tool's script is loaded alone by bash-completion).
    static func bashHelpers(prefix p: String) -> String {
        #"""
        # Completes the word at the cursor with the words of $1 (one a line), quoted as the user began it, so a $ or
        # ~ in a value reaches the tool as typed: inside '…, readline keeps the quote; inside "… and bare, the word is
        # escaped here. After a value ending in =, no space. (${cur} is the word dequoted; COMP_WORDS has it raw.)
        \#(p)_words() {
            compopt +o filenames 2>/dev/null
            local raw=${COMP_WORDS[COMP_CWORD]} quote= typed word
            case ${raw} in
            \'*) quote=\'; typed=${raw:1} ;;
            \"*) quote=\"; typed=${raw:1}; typed=${typed//\\/} ;;
            *) typed=${raw//\\/} ;;
            esac
            while IFS= read -r word; do
                [[ -n ${word} && ${word} == "${typed}"* ]] || continue
                [[ ${word} == *= ]] && compopt -o nospace 2>/dev/null
                case ${quote} in
                \') COMPREPLY+=("${word}") ;;
                \") word=${word//\\/\\\\}; word=${word//\$/\\\$}; word=${word//\`/\\\`}; word=${word//\"/\\\"}
                    COMPREPLY+=("${word}") ;;
                *) printf -v word %q "${word}"; COMPREPLY+=("${word}") ;;
                esac
            done <<< "${1}"
        }

        # Completes ${cur} with subcommands, given as NAME<TAB>DESCRIPTION arguments: the name alone when one fits,
        # else each with its description (readline inserts what the names share and shows the list).
        \#(p)_describe() {
            compopt +o filenames 2>/dev/null
            local -a names=() descriptions=()
            local line width=0
            for line in "${@}"; do
                [[ ${line%%$'\t'*} == "${cur}"* ]] || continue
                names+=("${line%%$'\t'*}"); descriptions+=("${line#*$'\t'}")
                (( ${#names[-1]} > width )) && width=${#names[-1]}
            done
            if (( ${#names[@]} < 2 )); then COMPREPLY+=("${names[@]}"); return; fi
            local -i i room=$(( ${COLUMNS:-80} - width - 6 ))
            for i in "${!names[@]}"; do
                line=${descriptions[i]}
                (( room > 0 && ${#line} > room )) && line="${line:0:room-1}…"
                COMPREPLY+=("$(printf '%-*s  -- %s' "${width}" "${names[i]}" "${line}")")
            done
        }

        """#
    }

    /// The front door completes tool names with their descriptions (built-ins and plugins on PATH, as
    /// `bnc --complete-tools` lists them: the same rule as running them), then hands over to the tool's own.
    static func frontDoor(shell: String) -> String {
        switch shell {
        case "bash":
            return #"""
                # bash completion for bnc (generated by docgen)
                _bnc() {
                    local cur=${COMP_WORDS[COMP_CWORD]}
                    if [[ ${COMP_CWORD} -eq 1 && ${cur} == -* ]]; then
                        COMPREPLY=($(compgen -W "--list --version --help" -- "${cur}"))
                    elif [[ ${COMP_CWORD} -eq 1 || ( ${COMP_CWORD} -eq 2 && ${COMP_WORDS[1]} == help ) ]]; then
                        local -a tools=()
                        local line
                        while IFS= read -r line; do tools+=("${line}"); done < <(command bnc --complete-tools 2>/dev/null)
                        [[ ${COMP_CWORD} -eq 1 ]] && tools+=($'help\tShow a tool\'s help')
                        __bnc_describe "${tools[@]}"
                    else
                        local tool=bnc-${COMP_WORDS[1]}
                        if declare -F _$tool >/dev/null 2>&1 || { _completion_loader "$tool" 2>/dev/null; declare -F _$tool >/dev/null 2>&1; }; then
                            # The tool's function reads the word and the one before it from its arguments and the
                            # cursor from COMP_LINE and COMP_POINT: hand them all over as if the tool had been typed.
                            local length=${#COMP_LINE}
                            COMP_LINE="$tool${COMP_LINE#*"${COMP_WORDS[1]}"}"
                            COMP_POINT=$((COMP_POINT - length + ${#COMP_LINE}))
                            COMP_WORDS=("$tool" "${COMP_WORDS[@]:2}")
                            COMP_CWORD=$((COMP_CWORD - 1))
                            _$tool "$tool" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                        fi
                    fi
                }

                """# + bashHelpers(prefix: "__bnc") + "complete -o default -F _bnc bnc\n"
        case "zsh":
            return #"""
                #compdef bnc
                # zsh completion for bnc (generated by docgen)
                _bnc() {
                    local -a tools
                    if (( CURRENT == 2 )) || { (( CURRENT == 3 )) && [[ ${words[2]} == help ]] }; then
                        if [[ ${PREFIX} == -* ]] && (( CURRENT == 2 )); then
                            local -a options=('--list:list the tools and plugins' '--version:print the version' '--help:print usage')
                            _describe -t options 'option' options
                            return
                        fi
                        tools=(${(f)"$(command bnc --complete-tools 2>/dev/null)"})
                        tools=(${tools/$'\t'/:})
                        (( CURRENT == 2 )) && tools+=("help:Show a tool's help")
                        _describe -t tools 'tool' tools
                    else
                        local tool=bnc-${words[2]}
                        shift 2 words
                        (( CURRENT -= 2 ))
                        words=($tool $words)
                        (( CURRENT += 1 ))
                        _normal
                    fi
                }
                _bnc "$@"

                """#
        default:
            return #"""
                # fish completion for bnc (generated by docgen)
                complete -c bnc -f -n '__fish_use_subcommand' -l list -d 'List the tools and plugins'
                complete -c bnc -f -n '__fish_use_subcommand' -l version -d 'Print the version'
                complete -c bnc -f -n '__fish_use_subcommand' -a help -d 'Show a tool\'s help'
                complete -c bnc -f -n '__fish_use_subcommand' -a '(command bnc --complete-tools 2>/dev/null)'
                complete -c bnc -f -n '__fish_seen_subcommand_from help; and test (count (commandline -opc)) -eq 2' -a '(command bnc --complete-tools 2>/dev/null)'
                # After the tool's name: what fish would offer for `bnc-TOOL ...` typed out.
                function __bnc_complete_tool
                    set -l words (commandline -opc)
                    set -e words[1]
                    set words[1] bnc-$words[1]
                    complete -C (string join ' ' -- (string escape -- $words) (commandline -ct))
                end
                complete -c bnc -f -n 'not __fish_use_subcommand; and not __fish_seen_subcommand_from help' -a '(__bnc_complete_tool)'

                """#
        }
    }
}
