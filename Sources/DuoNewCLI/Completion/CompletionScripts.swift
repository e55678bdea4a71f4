/// `duo-new completions bash|zsh|fish`: Tab-completion scripts that hand the line to
/// `duo-new __complete` (`CompletionReply`) and show its reply, in each shell's own way. What
/// is offered is decided there, once, from the command table; so a script never goes stale when
/// duo-new gains an option or the user adds a recipe.
enum CompletionScripts {
    enum Shell: String, CaseIterable, Equatable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    // Each script runs the duo-new the line names (`~/bin/duo-new` included), so an
    // uninstalled build completes its own options.

    static let bash = #"""
    # bash completion for duo-new (duo-new completions bash)
    # Arrays are filled from $(...) split at newlines: macOS's bash 3.2 has no mapfile.
    # shellcheck disable=SC2207
    # A word as typed (dir\ with\ space, 'my folder') as the command will get it: its backslashes
    # and quotes taken off, nothing expanded.
    _duo_new_dequote() {
        local word=$1 out='' char quote=''
        while [[ -n $word ]]; do
            char=${word:0:1} word=${word:1}
            if [[ -n $quote && $char == "$quote" ]]; then quote=''
            elif [[ $char == \\ && -n $word && $quote != "'" ]]; then out+=${word:0:1} word=${word:1}
            elif [[ -z $quote && ( $char == "'" || $char == '"' ) ]]; then quote=$char
            else out+=$char
            fi
        done
        printf '%s' "$out"
    }
    _duo_new() {
        local tool="${COMP_WORDS[0]}" cur line IFS=$'\n' i
        local -a reply words=()
        [[ $tool == \~/* ]] && tool="$HOME/${tool#\~/}"
        for ((i = 1; i <= COMP_CWORD; i++)); do words+=("$(_duo_new_dequote "${COMP_WORDS[i]}")"); done
        cur=$(_duo_new_dequote "${COMP_WORDS[COMP_CWORD]}")
        COMPREPLY=()
        reply=($("$tool" __complete bash "${words[@]}" 2>/dev/null)) || return
        case "${reply[0]}" in
            folders) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
            files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
            words*)
                [[ ${reply[0]} == *nospace ]] && compopt -o nospace 2>/dev/null
                # In a word opened with a quote ('UI), readline quotes the reply itself: as it is;
                # elsewhere escaped for the shell (UI\ tests).
                local quote=${COMP_WORDS[COMP_CWORD]:0:1}
                for line in "${reply[@]:1}"; do
                    if [[ $quote == "'" || $quote == '"' ]]; then COMPREPLY+=("${line%%$'\t'*}")
                    else COMPREPLY+=("$(printf '%q' "${line%%$'\t'*}")"); fi
                done ;;
        esac
    }
    complete -F _duo_new duo-new

    """#

    static let zsh = #"""
    #compdef duo-new
    # zsh completion for duo-new (duo-new completions zsh)
    _duo-new() {
        local -a reply found described suffix
        local line
        local -i pad
        # (Q): the words as the command will get them, their quoting taken off.
        reply=(${(f)"$(${~words[1]} __complete zsh "${(@Q)words[2,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null)"})
        # A value after '--option=' is completed as after a space: the option and its '=' kept.
        [[ ${reply[1]} == (folders|files) && $PREFIX == --*=* ]] && compset -P '--[^=]#='
        case ${reply[1]} in
            folders) _files -/ ;;
            files) _files ;;
            words*)
                # Quoted, so the empty suffix stays a word: unquoted, zsh dropped it and '-S' took '--'.
                [[ ${reply[1]} == *nospace ]] && suffix=(-S '')
                for line in "${(@)reply[2,-1]}"; do found+=("${line%%$'\t'*}"); done
                # The words padded to the longest, never cut: (r:20:) alone cut a longer recipe name.
                pad=20
                for line in "${(@)found}"; do (( ${#line} > pad )) && pad=${#line}; done
                for line in "${(@)reply[2,-1]}"; do
                    [[ $line == *$'\t'* ]] && described+=("${(r:pad:)${line%%$'\t'*}} -- ${line#*$'\t'}")
                done
                if (( ${#described} == ${#found} && ${#found} > 0 )); then
                    compadd -l -d described "${(@)suffix}" -- "${(@)found}"
                else
                    compadd "${(@)suffix}" -- "${(@)found}"
                fi ;;
        esac
    }
    if [[ $funcstack[1] == _duo-new ]]; then
        _duo-new "$@"
    else
        compdef _duo-new duo-new
    fi

    """#

    static let fish = #"""
    # fish completion for duo-new (duo-new completions fish)
    function __duo_new_complete
        set -l tokens (commandline -opc)
        # The word typed so far as the command will get it ('UI or UI\  is UI or "UI "); the
        # words before it fish has already unquoted.
        set -l typed (commandline -ct | string unescape)
        set -l reply ($tokens[1] __complete fish $tokens[2..-1] "$typed" 2>/dev/null)
        # A value after '--option=' is completed as after a space: the option and its '=' kept.
        set -l word (commandline -ct | string unescape)
        set -l head (string match -r -- '^--[^=]*=' $word)
        set -l rest (string replace -r -- '^--[^=]*=' '' $word)
        switch "$reply[1]"
            case folders
                for found in (__fish_complete_directories $rest)
                    echo "$head$found"
                end
            case files
                for found in (__fish_complete_path $rest)
                    echo "$head$found"
                end
            case 'words*'
                printf '%s\n' $reply[2..-1]
        end
    end
    complete -c duo-new -f -a '(__duo_new_complete)'

    """#
}
