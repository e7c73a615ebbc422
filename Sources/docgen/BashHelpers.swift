// The bash functions docgen adds to every bash script: values quoted as the user began the word, and
// subcommands with their descriptions.
import BNCCore

extension Completions {
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
}
