/// The `tasks` list: each one-time task's name, command, moments and timeout.
extension ManifestDecoding {
    mutating func decodeTasks(_ node: YAMLNode, checks: [Check]) -> [SetupTask] {
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
}
