import DuoNewCore
import Foundation

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

    private static let table = CommandTable.duoNew
    /// Commands, as the table knows them.
    private static let commandWords = table.commandWords.joined(separator: " ")
    private static let shellWords = Shell.allCases.map(\.rawValue).joined(separator: " ")
    private static let helpWords = Help.topics.joined(separator: " ")
    /// Options whose value is a folder, and the other options that take a value: `a|b`.
    private static let folderOptions = table.options.filter { $0.value == .folder }.map(\.name).joined(separator: "|")
    private static let otherValueOptions = table.options.filter { $0.takesValue && $0.value != .folder }.map(\.name).joined(separator: "|")
    /// Options whose value the scripts step over (`--templates` they read, to ask for the recipes).
    private static let valueOptionWords = table.options.filter(\.takesValue).map(\.name).joined(separator: " ")
    private static let skippedOptions = table.options.filter { $0.takesValue && $0.name != "--templates" }.map(\.name).joined(separator: "|")

    /// The command words other than generation's, as a `case` pattern: `list|lint|…`.
    private static let otherCommands = table.commandWords.filter { $0 != CommandTable.defaultCommand }.joined(separator: "|")

    /// What a command is offered when the word begins with `-`: its options, short forms, and the global ones.
    private static func optionWords(of command: CommandSpec) -> String {
        table.options(of: command).flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }.joined(separator: " ")
    }

    /// `case` arms, one a command, giving each its option words: bash's and zsh's syntax alike.
    private static func optionArms(_ render: (String, String) -> String) -> String {
        // Generation's arm is `*`, so it comes last.
        let commands = table.commands.filter { $0.name != CommandTable.defaultCommand } + [table.generation]
        return commands.map { render($0.name == CommandTable.defaultCommand ? "*" : $0.name, optionWords(of: $0)) }.joined(separator: "\n")
    }

    private static let bashOptionArms = optionArms { pattern, words in
        "            \(pattern)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")) ;;"
    }

    /// zsh's arms offer each option with its brief beside it (`compadd -d`), short forms too.
    private static let zshOptionArms = table.commands.filter { $0.name != CommandTable.defaultCommand }.map { zshArm($0.name, $0) }
        .joined(separator: "\n") + "\n" + zshArm("*", table.generation)

    private static func zshArm(_ pattern: String, _ command: CommandSpec) -> String {
        let options = table.options(of: command)
        let words = options.flatMap { option in [option.name] + (option.short.map { [$0] } ?? []) }
        let descriptions = options.flatMap { option in
            ([option.name] + (option.short.map { [$0] } ?? [])).map { word in
                "'" + "\(word.padding(toLength: 20, withPad: " ", startingAt: 0)) -- \(option.brief)".replacingOccurrences(of: "'", with: "'\\''") + "'"
            }
        }
        return "            \(pattern)) local -a described=(\(descriptions.joined(separator: " "))); compadd -l -d described -- \(words.joined(separator: " ")) ;;"
    }

    /// fish: one line an option, offered only after the commands that take it.
    private static let fishOptions = table.options.map { option in
        let commands = table.commands(taking: option.name)
        let condition = commands.count == table.commands.count ? "" : " -n '__duo_new_takes \(commands.joined(separator: " "))'"
        let short = option.short.map { " -s \($0.dropFirst())" } ?? ""
        let value = option.value.map { kind in
            switch kind {
            // -x: a value is required, and no file names are offered but these.
            case .folder: " -x -a '(__fish_complete_directories)'"
            case .keyValue: " -x -a '(__duo_new_values --set-keys)'"
            case .checkName: " -x -a '(__duo_new_values --opt-in-checks)'"
            case .recipeName: " -x -a '(__duo_new_recipes)'"
            case .file: " -r -F"
            case .seconds: " -x"
            }
        } ?? ""
        let brief = option.brief.contains("'") ? "\"\(option.brief)\"" : "'\(option.brief)'"
        return "complete -c duo-new\(condition)\(short) -l \(option.name.dropFirst(2))\(value) -d \(brief)"
    }.joined(separator: "\n")

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
                \#(skippedOptions)) ((i++)) ;;
                -*) ;;
                *) positionals+=("$word") ;;
            esac
        done
        # The recipe the line generates from, whose --set keys and opt-in checks are offered.
        local recipe="" names
        case "${positionals[0]:-}" in
            generate) recipe="${positionals[1]:-}" ;;
            \#(otherCommands)) ;;
            *) recipe="${positionals[0]:-}" ;;
        esac
        # `--set KEY=<Tab>`: the values of a choice or bool, whether bash split the word at '='
        # (COMP_WORDBREAKS holds it by default) or not.
        if [[ -n $recipe && $prev == = && ${COMP_WORDS[COMP_CWORD-3]:-} == --set ]] || [[ -n $recipe && $prev == --set && $cur == *=* ]]; then
            local key="${cur%%=*}" shown=""
            [[ $prev == = ]] && { key="${COMP_WORDS[COMP_CWORD-2]}"; shown="$cur"; } || shown="$cur"
            names="$("$tool" list --set-keys "$recipe" "${templates[@]}" 2>/dev/null | sed -n "s/^$key=\(..*\)/\1/p")"
            [[ $prev == = ]] && COMPREPLY=($(compgen -W "$names" -- "$shown")) || COMPREPLY=($(compgen -W "$(printf "$key=%s\n" $names)" -- "$shown"))
            return
        fi
        case "$prev" in
            \#(folderOptions)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return ;;
            --set|--with)
                [[ -n $recipe ]] || return
                if [[ $prev == --set ]]; then
                    names="$("$tool" list --set-keys "$recipe" "${templates[@]}" 2>/dev/null | grep '=$')"; compopt -o nospace 2>/dev/null
                else
                    names="$("$tool" list --opt-in-checks "$recipe" "${templates[@]}" 2>/dev/null)"
                fi
                local IFS=$'\n'
                COMPREPLY=($(compgen -W "$names" -- "$cur" | while IFS= read -r word; do printf '%q\n' "$word"; done))
                return ;;
            \#(otherValueOptions)) return ;;
        esac
        if [[ $cur == -* ]]; then
            case "${positionals[0]:-}" in
    \#(bashOptionArms)
            esac
            return
        fi
        case "${positionals[0]:-}" in
            lint) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); return ;;
            check|update) [ ${#positionals[@]} -eq 1 ] && { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")); }; return ;;
            completions) [ ${#positionals[@]} -eq 1 ] && COMPREPLY=($(compgen -W "\#(shellWords)" -- "$cur")); return ;;
            help) [ ${#positionals[@]} -eq 1 ] && COMPREPLY=($(compgen -W "\#(helpWords)" -- "$cur")); return ;;
            list|schema|config) return ;;
        esac
        # After an explicit 'generate', the recipe is the next word, and no command is offered.
        local offset=0 offer="\#(commandWords) "
        [[ ${positionals[0]:-} == generate ]] && { offset=1; offer=""; }
        case $((${#positionals[@]} - offset)) in
            0)
                if [[ $cur == */* ]]; then
                    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur"))
                else
                    local recipes
                    recipes="$("$tool" list --names "${templates[@]}" 2>/dev/null)"
                    COMPREPLY=($(compgen -W "$offer$recipes" -- "$cur"))
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
                \#(skippedOptions)) (( i++ )) ;;
                -*) ;;
                *) positionals+=($word) ;;
            esac
        done
        # The recipe the line generates from, whose --set keys and opt-in checks are offered.
        local recipe=
        case ${positionals[1]} in
            generate) recipe=${positionals[2]} ;;
            \#(otherCommands)) ;;
            *) recipe=${positionals[1]} ;;
        esac
        case ${words[CURRENT-1]} in
            \#(folderOptions)) _files -/; return ;;
            --set)
                [[ -n $recipe ]] || return
                local -a keys=(${(f)"$(${~words[1]} list --set-keys $recipe $templates 2>/dev/null)"})
                # KEY= first; once '=' is typed, the values a choice or bool may take.
                if [[ $PREFIX == *=* ]]; then compadd -- ${(M)keys:#*=?*}; else compadd -S '' -- ${(M)keys:#*=}; fi
                return ;;
            --with) [[ -n $recipe ]] && compadd -- ${(f)"$(${~words[1]} list --opt-in-checks $recipe $templates 2>/dev/null)"}; return ;;
            \#(otherValueOptions)) return 1 ;;
        esac
        if [[ $PREFIX == -* ]]; then
            case ${positionals[1]} in
    \#(zshOptionArms)
            esac
            return
        fi
        case ${positionals[1]} in
            lint) _files -/; return ;;
            check|update) (( ${#positionals} == 1 )) && _files -/; return ;;
            completions) (( ${#positionals} == 1 )) && compadd -- \#(shellWords); return ;;
            help) (( ${#positionals} == 1 )) && compadd -- \#(helpWords); return ;;
            list|schema|config) return 1 ;;
        esac
        # After an explicit 'generate', the recipe is the next word, and no command is offered.
        local offset=0
        local -a offer=(\#(commandWords))
        [[ ${positionals[1]} == generate ]] && { offset=1; offer=(); }
        case $(( ${#positionals} - offset )) in
            0)
                if [[ $PREFIX == */* ]]; then
                    _files -/
                else
                    recipes=(${(f)"$(${~words[1]} list --names $templates 2>/dev/null)"})
                    compadd -- $offer $recipes
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
                case \#(valueOptionWords)
                    set skip 1
                case '-*'
                case '*'
                    echo $token
            end
        end
    end

    # The --templates already on the line, to pass on to 'duo-new list'.
    function __duo_new_templates
        set -l tokens (commandline -opc)
        for i in (seq (count $tokens))
            switch $tokens[$i]
                case --templates
                    echo --templates
                    echo $tokens[(math $i + 1)]
                case '--templates=*'
                    echo $tokens[$i]
            end
        end
    end

    function __duo_new_recipes
        set -l tokens (commandline -opc)
        $tokens[1] list --names (__duo_new_templates) 2>/dev/null
    end

    # The recipe the line generates from: the first word, or the one after 'generate'.
    function __duo_new_recipe_of_line
        set -l positionals (__duo_new_positionals)
        if test (count $positionals) -gt 0; and test $positionals[1] = generate
            set -e positionals[1]
        else if test (count $positionals) -gt 0; and contains -- $positionals[1] \#(commandWords)
            return
        end
        test (count $positionals) -gt 0; and echo $positionals[1]
    end

    # The recipe's --set keys (--set-keys) or opt-in checks (--opt-in-checks).
    function __duo_new_values
        set -l recipe (__duo_new_recipe_of_line)
        test -n "$recipe"; or return
        set -l tokens (commandline -opc)
        $tokens[1] list $argv[1] $recipe (__duo_new_templates) 2>/dev/null
    end

    function __duo_new_wants_command
        test (count (__duo_new_positionals)) -eq 0
    end

    # The recipe: the first word, or the one after an explicit 'generate'.
    function __duo_new_wants_recipe
        set -l positionals (__duo_new_positionals)
        test (count $positionals) -eq 0; or begin; test (count $positionals) -eq 1; and test $positionals[1] = generate; end
    end

    function __duo_new_wants_folder
        set -l positionals (__duo_new_positionals)
        if test (count $positionals) -gt 0; and test $positionals[1] = generate
            test (count $positionals) -eq 4
        else
            test (count $positionals) -eq 3; and not contains -- $positionals[1] \#(commandWords)
        end
    end

    # The command the line runs: its command word, else generate.
    function __duo_new_command
        set -l positionals (__duo_new_positionals)
        if test (count $positionals) -gt 0; and contains -- $positionals[1] \#(commandWords)
            echo $positionals[1]
        else
            echo generate
        end
    end

    # Whether the command the line runs is one of the arguments.
    function __duo_new_takes
        contains -- (__duo_new_command) $argv
    end

    function __duo_new_after
        set -l positionals (__duo_new_positionals)
        test (count $positionals) -eq 1; and test $positionals[1] = $argv[1]
    end

    complete -c duo-new -f
    complete -c duo-new -n __duo_new_wants_command -a '\#(commandWords)' -d command
    complete -c duo-new -n __duo_new_wants_recipe -a '(__duo_new_recipes)' -d recipe
    complete -c duo-new -n __duo_new_wants_folder -a '(__fish_complete_directories)'
    complete -c duo-new -n '__fish_seen_subcommand_from lint' -a '(__fish_complete_directories)'
    complete -c duo-new -n '__duo_new_after check' -a '(__fish_complete_directories)'
    complete -c duo-new -n '__duo_new_after update' -a '(__fish_complete_directories)'
    complete -c duo-new -n '__duo_new_after completions' -a '\#(shellWords)'
    complete -c duo-new -n '__duo_new_after help' -a '\#(helpWords)'
    \#(fishOptions)

    """#
}
