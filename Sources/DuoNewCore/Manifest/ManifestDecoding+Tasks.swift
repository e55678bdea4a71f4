/// The `tasks` list: each one-time task's name, command, moments and timeout.
extension ManifestDecoding {
    mutating func decodeTasks(_ node: YAMLNode, checks: [Check], commandWords: CommandWords) -> [SetupTask] {
        guard case .sequence(let items) = node.kind else {
            reportWrongType(node, path: "tasks", expected: "a list", fix: "start each task with '- name:' on its own line")
            return []
        }
        var result: [SetupTask] = []
        var firstLineByName: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let path = "tasks[\(index + 1)]"
            let required: [(key: String, example: String)] = [("name", "name: <what it does>"), ("run", "run: <a command for /bin/sh>")]
            guard let fields = fields(of: item, path: path, context: "task \(index + 1)", allowed: ManifestDecoder.taskKeys, required: required)
            else { continue }
            let name = fields["name"].flatMap { nonEmptyString($0.value, path: "\(path).name") }
            let run = fields["run"].flatMap { nonEmptyString($0.value, path: "\(path).run") }
            let timeout = fields["timeout"].flatMap { checkTimeout($0.value, path: "\(path).timeout") }
            let moments = fields["on"].map { taskMoments($0.value, path: "\(path).on") } ?? [.generate]
            if let name, let nameNode = fields["name"]?.value {
                if let firstLine = firstLineByName[name] {
                    report(.setup(.duplicateTaskName(name, firstLine: firstLine)), at: nameNode.mark)
                } else {
                    firstLineByName[name] = nameNode.mark.line
                }
                if checks.contains(where: { $0.name == name }) { report(.setup(.taskNameIsCheckName(name)), at: nameNode.mark) }
            }
            if let run, let runNode = fields["run"]?.value {
                checkCommandTokens(run, node: runNode, path: "\(path).run", task: true, words: commandWords)
            }
            if let name, let run, let moments, let runNode = fields["run"]?.value {
                result.append(SetupTask(name: name, run: run, on: moments, timeout: timeout))
                locations.taskRuns.append(location(runNode.mark))
            }
        }
        return result
    }

    /// `on: [generate, update]`: each moment once, at least one.
    private mutating func taskMoments(_ node: YAMLNode, path: String) -> [SetupTask.Moment]? {
        var moments: [SetupTask.Moment] = []
        var sound = true
        for (value, mark, itemPath) in stringList(node, path: path) {
            guard let moment = SetupTask.Moment(rawValue: value) else {
                report(.setup(.unknownTaskMoment(value, path: itemPath)), at: mark)
                sound = false
                continue
            }
            // The schema's `uniqueItems` refuses a repeat; so does the decoder, so both agree.
            guard !moments.contains(moment) else {
                report(.setup(.repeatedTaskMoment(value, path: path)), at: mark)
                sound = false
                continue
            }
            moments.append(moment)
        }
        guard case .sequence = node.kind, sound else { return nil }
        if moments.isEmpty {
            report(.setup(.emptyTaskMoments(path: path)), at: node.mark)
            return nil
        }
        return moments
    }

    /// The declared token names and the words left alone, for `checkCommandTokens`.
    typealias CommandWords = (declared: [String], words: TokenLikeWords)

    /// A check's or a task's `run` goes to the shell as written, never stamped: a value put into
    /// a command could break its quoting (a name with a `'` or a `;`). So a token there would
    /// reach the command as `__APP_NAME__`; each one is refused at its place, with where the value
    /// is found instead (a task's environment; for a check, a script of the tree, which is stamped).
    mutating func checkCommandTokens(_ run: String, node: YAMLNode, path: String, task: Bool, words: CommandWords) {
        var seen: Set<String> = []
        for line in run.split(separator: "\n", omittingEmptySubsequences: false) {
            let scan = TokenScanner.scan(line, declared: words.declared, leaving: words.words)
            let found = scan.used.sorted().map { (name: $0, declared: true) }
                + scan.undeclared.map { (name: String($0.token.dropFirst(2).dropLast(2)), declared: false) }
            for (name, declared) in found where seen.insert(name).inserted {
                let token = TokenGrammar.token(named: name)
                report(
                    .setup(.tokenInCommand(name: name, path: path, task: task, declared: declared)),
                    at: SourceText.mark(of: token, in: source, from: node.mark) ?? node.mark
                )
            }
        }
    }
}
