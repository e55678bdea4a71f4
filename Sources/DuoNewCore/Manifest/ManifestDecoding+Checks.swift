/// The `checks` list: each check's name, command or layer, timeout, needs and opt-in.
extension ManifestDecoding {
    mutating func decodeChecks(_ node: YAMLNode, commandWords: CommandWords) -> [Check] {
        guard case .sequence(let items) = node.kind else {
            reportWrongType(node, path: "checks", expected: "a list", fix: "start each check with '- name:' on its own line")
            return []
        }
        var result: [Check] = []
        var firstLineByName: [String: Int] = [:]
        // A layer offers checks; only a recipe can take one from a layer.
        let allowed = kind == .recipe ? ManifestDecoder.checkKeys : ManifestDecoder.checkKeys.filter { $0 != "layer" }
        for (index, item) in items.enumerated() {
            let path = "checks[\(index + 1)]"
            var required: [(key: String, example: String)] = [("name", "name: <what it checks>")]
            if case .mapping(let pairs) = item.kind, !pairs.contains(where: { $0.key.scalarValue == "layer" }) {
                required.append(("run", kind == .recipe ? "run: <a command for /bin/sh>' or 'layer: <a layer offering this check>" : "run: <a command for /bin/sh>"))
            }
            guard let fields = fields(of: item, path: path, context: "check \(index + 1)", allowed: allowed, required: required)
            else { continue }
            let name = fields["name"].flatMap { nonEmptyString($0.value, path: "\(path).name") }
            let timeout = fields["timeout"].flatMap { checkTimeout($0.value, path: "\(path).timeout") }
            let needs = fields["needs"].flatMap { checkNeeds($0.value, path: "\(path).needs", check: index + 1) }
            let optIn = fields["opt-in"].map { flag($0.value, path: "\(path).opt-in") } ?? false
            if let layerNode = fields["layer"]?.value {
                if fields["run"] != nil {
                    report(.checkRunAndLayer(index: index + 1), at: layerNode.mark)
                    continue
                }
                guard let layer = nonEmptyString(layerNode, path: "\(path).layer") else { continue }
                if let name, let nameNode = fields["name"]?.value { noteCheckName(name, at: nameNode.mark, firstLineByName: &firstLineByName) }
                if let name {
                    result.append(Check(name: name, run: "", timeout: timeout, layer: layer, needs: needs, optIn: optIn))
                    locations.checkRuns.append(location(layerNode.mark))
                }
                continue
            }
            let run = fields["run"].flatMap { nonEmptyString($0.value, path: "\(path).run") }
            if let name, let nameNode = fields["name"]?.value { noteCheckName(name, at: nameNode.mark, firstLineByName: &firstLineByName) }
            if let run, let runNode = fields["run"]?.value {
                checkCommandTokens(run, node: runNode, path: "\(path).run", task: false, words: commandWords)
            }
            if let name, let run, let runNode = fields["run"]?.value {
                result.append(Check(name: name, run: run, timeout: timeout, needs: needs, optIn: optIn))
                locations.checkRuns.append(location(runNode.mark))
            }
        }
        return result
    }

    /// A whole number of seconds from 1 to `Check.maximumTimeout`.
    mutating func checkTimeout(_ node: YAMLNode, path: String) -> Int? {
        if node.scalarType == .int, let text = node.scalarValue, let seconds = Int(text), (1...Check.maximumTimeout).contains(seconds) {
            return seconds
        }
        if node.scalarType == .null {
            report(.emptyValue(path: path), at: node.mark)
        } else {
            report(.invalidCheckTimeout(path: path, found: Self.describe(node)), at: node.mark)
        }
        return nil
    }

    /// `needs: {commands: [xcodebuild, ...], hint: ...}`: command names, each one word.
    private mutating func checkNeeds(_ node: YAMLNode, path: String, check: Int) -> CheckNeeds? {
        let required: [(key: String, example: String)] = [("commands", "commands: [xcodebuild]")]
        guard let fields = fields(of: node, path: path, context: "the needs of check \(check)", allowed: ManifestDecoder.needsKeys, required: required),
              let commandsNode = fields["commands"]?.value
        else { return nil }
        var commands: [String] = []
        var sound = true
        for (command, mark, itemPath) in stringList(commandsNode, path: "\(path).commands") {
            if CheckNeeds.isCommandName(command) {
                commands.append(command)
            } else {
                report(.invalidNeededCommand(command, path: itemPath), at: mark)
                sound = false
            }
        }
        if commands.isEmpty, sound, case .sequence = commandsNode.kind {
            report(.emptyValue(path: "\(path).commands"), at: commandsNode.mark)
        }
        let hint = fields["hint"].flatMap { nonEmptyString($0.value, path: "\(path).hint") }
        return sound && !commands.isEmpty ? CheckNeeds(commands: commands, hint: hint) : nil
    }

    /// `true` or `false`, nothing else (a quoted "true" is a string).
    private mutating func flag(_ node: YAMLNode, path: String) -> Bool {
        if case .bool(let value) = node.scalarType { return value }
        reportWrongType(node, path: path, expected: "true or false", fix: node.scalarValue.map { _ in "write 'true' or 'false' without quotes" })
        return false
    }

    /// Reports a check name used before, or remembers where it was first used.
    private mutating func noteCheckName(_ name: String, at mark: YAMLMark, firstLineByName: inout [String: Int]) {
        if let firstLine = firstLineByName[name] {
            report(.duplicateCheckName(name, firstLine: firstLine), at: mark)
        } else {
            firstLineByName[name] = mark.line
        }
    }
}
