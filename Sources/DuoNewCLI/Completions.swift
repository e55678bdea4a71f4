import DuoNewCore

/// `duo-new completions bash|zsh|fish`: Tab-completion scripts for commands, options, recipe
/// names and folders. Recipe names come from `duo-new list --names` at completion time, with the
/// `--templates` already typed on the line, so the scripts never go stale.
enum Completions {
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

    /// Commands, then every option, as the parser knows them.
    private static let commandWords = ArgumentParser.commands.joined(separator: " ")
    private static let optionWords = (ArgumentParser.valueOptions + ArgumentParser.flagOptions + ArgumentParser.shortFlags.keys.sorted()).joined(separator: " ")
    private static let shellWords = Shell.allCases.map(\.rawValue).joined(separator: " ")
    private static let helpWords = Help.topics.joined(separator: " ")

    static let bash = #"""
    # bash completion for duo-new (duo-new completions bash)
    _duo_new() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local tool="${COMP_WORDS[0]}" word i
        local -a positionals=() templates=()
        [[ $tool == "~/"* ]] && tool="$HOME/${tool#"~/"}"
        COMPREPLY=()
        for ((i = 1; i < COMP_CWORD; i++)); do
            word="${COMP_WORDS[i]}"
            case "$word" in
                --templates) ((i++)); templates=(--templates "${COMP_WORDS[i]}") ;;
                --templates=*) templates=("$word") ;;
                --set|--check-timeout|--with|--pictures) ((i++)) ;;
                -*) ;;
                *) positionals+=("$word") ;;
            esac
        done
        case "$prev" in
            --templates|--pictures) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return ;;
            --set|--check-timeout|--with) return ;;
        esac
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "\#(optionWords)" -- "$cur"))
            return
        fi
        case "${positionals[0]:-}" in
            lint) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return ;;
            check|update) [ ${#positionals[@]} -eq 1 ] && { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); }; return ;;
            completions) [ ${#positionals[@]} -eq 1 ] && COMPREPLY=($(compgen -W "\#(shellWords)" -- "$cur")); return ;;
            help) [ ${#positionals[@]} -eq 1 ] && COMPREPLY=($(compgen -W "\#(helpWords)" -- "$cur")); return ;;
            list|schema|config) return ;;
        esac
        case ${#positionals[@]} in
            0)
                if [[ $cur == */* ]]; then
                    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur"))
                else
                    local recipes
                    recipes="$("$tool" list --names "${templates[@]}" 2>/dev/null)"
                    COMPREPLY=($(compgen -W "\#(commandWords) $recipes" -- "$cur"))
                fi ;;
            3) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
        esac
    }
    complete -F _duo_new duo-new

    """#

    static let zsh = #"""
    #compdef duo-new
    # zsh completion for duo-new (duo-new completions zsh)
    _duo-new() {
        local -a positionals templates recipes
        local word i
        for ((i = 2; i < CURRENT; i++)); do
            word=${words[i]}
            case $word in
                --templates) (( i++ )); templates=(--templates ${words[i]}) ;;
                --templates=*) templates=($word) ;;
                --set|--check-timeout|--with|--pictures) (( i++ )) ;;
                -*) ;;
                *) positionals+=($word) ;;
            esac
        done
        case ${words[CURRENT-1]} in
            --templates|--pictures) _files -/; return ;;
            --set|--check-timeout|--with) return 1 ;;
        esac
        if [[ $PREFIX == -* ]]; then
            compadd -- \#(optionWords)
            return
        fi
        case ${positionals[1]} in
            lint) _files -/; return ;;
            check|update) (( ${#positionals} == 1 )) && _files -/; return ;;
            completions) (( ${#positionals} == 1 )) && compadd -- \#(shellWords); return ;;
            help) (( ${#positionals} == 1 )) && compadd -- \#(helpWords); return ;;
            list|schema|config) return 1 ;;
        esac
        case ${#positionals} in
            0)
                if [[ $PREFIX == */* ]]; then
                    _files -/
                else
                    recipes=(${(f)"$(${~words[1]} list --names $templates 2>/dev/null)"})
                    compadd -- \#(commandWords) $recipes
                fi ;;
            3) _files -/ ;;
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
    function __duo_new_positionals
        set -l tokens (commandline -opc)
        set -l skip 0
        for token in $tokens[2..-1]
            if test $skip -eq 1
                set skip 0
                continue
            end
            switch $token
                case --templates --set --check-timeout --with --pictures
                    set skip 1
                case '-*'
                case '*'
                    echo $token
            end
        end
    end

    function __duo_new_recipes
        set -l tokens (commandline -opc)
        set -l templates
        for i in (seq (count $tokens))
            switch $tokens[$i]
                case --templates
                    set templates --templates $tokens[(math $i + 1)]
                case '--templates=*'
                    set templates $tokens[$i]
            end
        end
        $tokens[1] list --names $templates 2>/dev/null
    end

    function __duo_new_wants_recipe
        test (count (__duo_new_positionals)) -eq 0
    end

    function __duo_new_wants_folder
        set -l positionals (__duo_new_positionals)
        test (count $positionals) -eq 3; and not contains -- $positionals[1] \#(commandWords)
    end

    function __duo_new_after
        set -l positionals (__duo_new_positionals)
        test (count $positionals) -eq 1; and test $positionals[1] = $argv[1]
    end

    complete -c duo-new -f
    complete -c duo-new -n __duo_new_wants_recipe -a '\#(commandWords)' -d command
    complete -c duo-new -n __duo_new_wants_recipe -a '(__duo_new_recipes)' -d recipe
    complete -c duo-new -n __duo_new_wants_folder -a '(__fish_complete_directories)'
    complete -c duo-new -n '__fish_seen_subcommand_from lint' -a '(__fish_complete_directories)'
    complete -c duo-new -n '__duo_new_after check' -a '(__fish_complete_directories)'
    complete -c duo-new -n '__duo_new_after update' -a '(__fish_complete_directories)'
    complete -c duo-new -n '__duo_new_after completions' -a '\#(shellWords)'
    complete -c duo-new -n '__duo_new_after help' -a '\#(helpWords)'
    complete -c duo-new -l templates -r -a '(__fish_complete_directories)' -d 'folder holding recipe folders'
    complete -c duo-new -l set -r -d 'a value the recipe declares, KEY=VALUE'
    complete -c duo-new -l dry-run -d 'list the files that would be written'
    complete -c duo-new -l no-test -d "skip the recipe's checks"
    complete -c duo-new -l check-timeout -r -d 'seconds a check may run'
    complete -c duo-new -l with -r -d 'also run this opt-in check'
    complete -c duo-new -l require-all -d 'a check skipped for what this machine lacks fails'
    complete -c duo-new -l pictures -r -a '(__fish_complete_directories)' -d 'folder for the layout pictures'
    complete -c duo-new -l offline -d 'recipes from git: the cache only'
    complete -c duo-new -l no-input -d 'never ask for a missing argument'
    complete -c duo-new -l trust -d "run a git recipe's checks without asking"
    complete -c duo-new -l json -d 'one JSON object on standard output'
    complete -c duo-new -s q -l quiet -d 'print nothing but errors'
    complete -c duo-new -l names -d 'list: recipe names only'
    complete -c duo-new -s h -l help -d 'show help'
    complete -c duo-new -l version -d 'show the version'

    """#
}
