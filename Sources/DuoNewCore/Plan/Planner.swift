/// Turns a template tree listing and the values into the list of writes: pure, no disk.
public enum Planner {
    /// Longest file or folder name most file systems allow, in bytes.
    public static let maximumNameBytes = 255
    /// Longest path macOS allows (`PATH_MAX`), in bytes.
    public static let maximumPathBytes = 1024

    /// The file every generated project gets, recording recipe, version and values.
    public static let recordFileName = ".duo-new.json"

    /// `values` maps token names (`APP_NAME`) to their values.
    public static func plan(listing: TreeListing, manifest: Manifest, values: [String: String]) throws(PlanError) -> Plan {
        let stamper = Stamper(values: values)
        let words = manifest.tokenLikeWords
        let valuesKeepNamesUsable = values.values.allSatisfy(keepsNamesUsable)
        var problems = listing.undecodableNames.map { PlanProblem.undecodableName(path: $0) }
        var writes: [PlannedWrite] = []
        var claimed: [String: (written: String, source: String)] = [:]   // by lower-cased stamped path
        // Folders already refused: what lies below them would only repeat the problem.
        var refused: [String] = []

        let links = Set(listing.entries.compactMap { entry in if case .symlink = entry.kind { entry.path } else { nil } })

        // Read once: `manifest.excludes` would build this list again for every entry.
        let excluded = manifest.excludedGlobs
        // What an `include-if` condition leaves out with these values, with all it holds.
        let leftOut = manifest.leftOut(by: values)
        problems += renamedPathsMissing(from: listing, manifest: manifest, excluded: excluded)
        let secretTokens = manifest.placeholders.filter(\.secret).map { TokenGrammar.token(named: $0.name) }
        for entry in listing.entries where !excluded.contains(where: { $0.matches(entry.path) }) {
            if !leftOut.isEmpty, leftOut.contains(where: { $0.covers(entry.path) }) { continue }
            if !refused.isEmpty, refused.contains(where: { entry.path.hasPrefix($0 + "/") }) { continue }
            let countBefore = problems.count
            defer { if problems.count > countBefore { refused.append(entry.path) } }
            // The rule lint applies to every name, so what lint refuses generation refuses.
            if let problem = ContainedPath.problem(inName: RelativePath.name(of: entry.path)) {
                problems.append(.unusableName(path: entry.path, problem: problem))
                continue
            }
            // A path without an underscore holds no token: unless one of its names is unusable
            // as it stands, it is its own destination, with no need to split and join it.
            // A file or link listed under `rename` is written under its new name.
            let written = manifest.rename.isEmpty || entry.kind == .directory ? entry.path : manifest.rename[entry.path] ?? entry.path
            if !secretTokens.isEmpty, let problem = secretProblem(entry, written: written, secretTokens: secretTokens) {
                problems.append(problem)
                continue
            }
            let destination: String
            if written.utf8.contains(UInt8(ascii: "_")) || hasUnusableName(written) {
                guard let stamped = stampedDestination(of: written, stamper: stamper, wholePath: valuesKeepNamesUsable, manifest: manifest, words: words, problems: &problems) else {
                    continue
                }
                destination = stamped
            } else {
                destination = written
            }
            // What lies inside a refused folder is not named again.
            if let reserved = reservedNameProblem(entry.path, written: written, destination: destination, manifest: manifest) {
                problems.append(reserved)
                continue
            }
            let key = destination.lowercased()
            if let earlier = claimed[key] {
                // The very same name (a `rename` onto another entry): named by the entries themselves.
                let named = earlier.written == written ? (earlier.source, entry.path) : (earlier.written, written)
                problems.append(.namesCollide(first: named.0, second: named.1, stamped: destination))
                continue
            }
            // As written (tokens and all): whether a value made a clash is read from them (`isTemplateProblem`).
            claimed[key] = (written, entry.path)

            let kind: PlannedWrite.Kind
            switch entry.kind {
            case .directory:
                kind = .directory
            case .file(let size):
                let verbatim = manifest.verbatim.contains { $0.matches(entry.path) }
                kind = .file(verbatim ? .verbatim : .textUnlessBinary, size: size)
            case .symlink(let target):
                guard let stamped = stampedTarget(of: entry.path, target, stamper: stamper, links: links, manifest: manifest, problems: &problems) else { continue }
                kind = .symlink(target: stamped)
            case .unsupported(let description):
                problems.append(.unsupportedEntry(path: entry.path, kind: description))
                continue
            }
            writes.append(PlannedWrite(source: entry.path, destination: destination, kind: kind, mode: entry.mode, origin: entry.origin))
        }
        guard problems.isEmpty else { throw PlanError(problems: problems) }
        return Plan(writes: withoutEmptiedFolders(writes, listing: listing), rootMode: listing.rootMode, tokenLikeWords: words)
    }

    /// `writes` without the folders whose every entry `include-if` or `exclude` left out: the
    /// project gets no empty `Docker/` for `docker: false`, as it gets none of its files. A folder
    /// empty in the tree itself is there on purpose, and stays.
    private static func withoutEmptiedFolders(_ writes: [PlannedWrite], listing: TreeListing) -> [PlannedWrite] {
        // The folders that hold something in the tree ("" for the top), and those that hold a write.
        let holdingEntries = Set(listing.entries.map { RelativePath.folder(of: $0.path) })
        var holdingWrites: Set<String> = []
        for write in writes {
            // A file or link holds its folder up; a folder empty in the tree holds itself up.
            var folder: String? = isDirectory(write) ? (holdingEntries.contains(write.source) ? nil : write.source) : RelativePath.folder(of: write.source)
            // Each path's folders were all added with it: stop at the first one already there.
            while let path = folder, !path.isEmpty, holdingWrites.insert(path).inserted {
                folder = RelativePath.folder(of: path)
            }
        }
        return writes.filter { !isDirectory($0) || holdingWrites.contains($0.source) }
    }

    private static func isDirectory(_ write: PlannedWrite) -> Bool {
        if case .directory = write.kind { return true }
        return false
    }

    /// A link's stamped target, or nil with the reason added to `problems`: the target and the
    /// stamped target both stay inside the tree.
    private static func stampedTarget(
        of path: String, _ target: String, stamper: Stamper, links: Set<String>, manifest: Manifest, problems: inout [PlanProblem]
    ) -> String? {
        guard stays(target, insideTreeFrom: components(of: path).dropLast(), links: links) else {
            problems.append(.symlinkLeavesTree(path: path, target: target))
            return nil
        }
        let stamped = stamper.stamp(target)
        guard stamped == target || stays(stamped, insideTreeFrom: components(of: path).dropLast(), links: links) else {
            problems.append(.stampedLinkLeavesTree(path: path, target: target, stamped: stamped, values: givers(in: target, manifest)))
            return nil
        }
        return stamped
    }

    /// A secret's token in the name an entry is written under or in a link's target.
    private static func secretProblem(_ entry: TreeEntry, written: String, secretTokens: [String]) -> PlanProblem? {
        if let token = secretTokens.first(where: written.contains) {
            return .secretInName(path: written, token: token, isLinkTarget: false)
        }
        if case .symlink(let target) = entry.kind, let token = secretTokens.first(where: target.contains) {
            return .secretInName(path: entry.path, token: token, isLinkTarget: true)
        }
        return nil
    }

    /// The stamped path of a tree entry, or nil with the reason added to `problems`.
    ///
    /// With `wholePath`, the path is stamped in one piece: a token never spans a `/` (token names
    /// hold none), and values that keep names usable cannot make a name empty, `.`, `..` or
    /// split it, so the result is the same as stamping each name, at a fraction of the cost.
    private static func stampedDestination(
        of path: String, stamper: Stamper, wholePath: Bool, manifest: Manifest, words: TokenLikeWords, problems: inout [PlanProblem]
    ) -> String? {
        let destination: String
        if wholePath, !hasUnusableName(path) {
            destination = stamper.stamp(path)
            // Each value keeps names usable, but a control character, or a name made '.git'
            // by joining, can still arrive: the whole stamped path meets the rule for names.
            if ContainedPath.problem(in: destination) != nil {
                let bad = components(of: destination).first { ContainedPath.problem(inName: $0) != nil } ?? destination
                problems.append(.unusableStampedName(path: path, stamped: bad))
                return nil
            }
        } else {
            let stampedComponents = components(of: path).map(stamper.stamp)
            let unusable = { (name: String) in ContainedPath.problem(inName: name) != nil }
            if let bad = stampedComponents.first(where: unusable) {
                problems.append(.unusableStampedName(path: path, stamped: bad))
                return nil
            }
            destination = stampedComponents.joined(separator: "/")
        }
        let name = RelativePath.name(of: destination)
        // The name as the template writes it, stamped: a value beside its underscores makes no leftover.
        if let leftover = LeftoverScanner.findings(stamping: RelativePath.name(of: path), with: stamper, leaving: words).first {
            let meant = TokenGrammar.likelyMeant(leftover.token, declared: manifest.placeholders.map(\.name))
            problems.append(.leftoverTokenInName(path: path, token: leftover.token, meant: meant))
        }
        // Decided here, naming who gave the values, rather than by the file system at write
        // time (74). Lint checks names with the longest AppName and bundle id; a `--set` value
        // has no such rule, so a long one can still make a name too long.
        if name.utf8.count > maximumNameBytes {
            problems.append(.stampedNameTooLong(
                path: path, bytes: name.utf8.count, limit: maximumNameBytes, isPath: false, values: givers(in: RelativePath.name(of: path), manifest)
            ))
            return nil
        }
        if destination.utf8.count > maximumPathBytes {
            problems.append(.stampedNameTooLong(
                path: path, bytes: destination.utf8.count, limit: maximumPathBytes, isPath: true, values: givers(in: path, manifest)
            ))
            return nil
        }
        // Without case, as a Mac compares names: `.DUO-NEW.JSON` would be the record.
        if destination.lowercased() == recordFileName, path.lowercased() != recordFileName {
            problems.append(.stampedNameIsRecord(path: path, values: givers(in: RelativePath.name(of: path), manifest)))
            return nil
        }
        return destination
    }

    /// The paths under `rename` that are no file or link of the tree.
    /// An excluded file is never written, so renaming it is as much a mistake as naming nothing
    /// (lint, which lists the tree without the excluded files, says the same).
    private static func renamedPathsMissing(from listing: TreeListing, manifest: Manifest, excluded: [Glob]) -> [PlanProblem] {
        guard !manifest.rename.isEmpty else { return [] }
        let files = Set(listing.entries.filter { entry in entry.kind != .directory && !excluded.contains { $0.matches(entry.path) } }.map(\.path))
        return manifest.rename.keys.sorted().filter { !files.contains($0) }.map { path in
            // `LICENSE: LICENSE-MIT`, the project's name first: the entry is the wrong way round.
            let target = RenameEntry.reversedTarget(of: path, rename: manifest.rename, files: files)
            return PlanProblem.renamedPathMissing(path, reversedOf: target)
        }
    }

    /// A destination duo-new keeps for itself: the record's (the template's file there; a value
    /// that stamps a name into it is refused while stamping), or a reserved name, the template's
    /// fault when the entry's own name is one, else the values'.
    private static func reservedNameProblem(_ path: String, written: String, destination: String, manifest: Manifest) -> PlanProblem? {
        if destination.lowercased() == recordFileName {
            // A `rename` target that names the record is the rename's doing, not the file's.
            guard written == path else { return .stampedNameIsReserved(path: written, stamped: destination, use: ReservedProjectName.recordUse, values: []) }
            return .recordNameTaken(path: path)
        }
        guard let use = ReservedProjectName.use(of: destination) else { return nil }
        if let own = ReservedProjectName.use(of: path) { return .reservedName(path: path, use: own) }
        // Judged by the name as written (a `rename` target): no value in it, the recipe's fault.
        return .stampedNameIsReserved(path: written, stamped: destination, use: use, values: givers(in: written, manifest))
    }

    /// Whether a value stamped into a name always leaves a usable one: not empty, not only dots,
    /// no `/` and no NUL byte.
    private static func keepsNamesUsable(_ value: String) -> Bool {
        value.utf8.contains { $0 != UInt8(ascii: ".") } && !value.utf8.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
    }

    /// Whether a name in `path` is empty, `.` or `..`, or holds a NUL byte; without splitting it.
    private static func hasUnusableName(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == 0 {
                if index < bytes.count, bytes[index] == 0 { return true }
                let length = index - start
                if length == 0 || (length <= 2 && bytes[start..<index].allSatisfy { $0 == UInt8(ascii: ".") }) { return true }
                start = index + 1
            }
            return false
        }
    }

    /// Who gave the values stamped into `text`: `the value of '--set greeting'`, `the AppName`, `the bundle id`.
    private static func givers(in text: String, _ manifest: Manifest) -> [String] {
        manifest.placeholders.filter { text.contains($0.token) }.map { placeholder in
            switch placeholder.source {
            case .appName: "the AppName"
            case .bundleID: "the bundle id"
            case .setting(let key, _, _): "the value of '--set \(key)'"
            case .derived(let expression): "the value of '\(placeholder.name)' (\(expression.text))"
            case .generationDay(let form): "the \(form.rawValue) of generation"
            }
        }
    }

    private static func components(of path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a link target, resolved from the link's folder without touching the disk, stays in the tree.
    ///
    /// `links` holds the tree's other links (paths in the tree). A `..` after passing through one
    /// of them is refused: the system resolves it from where that link points, not from the text,
    /// so `x -> a/up/..` with `a/up -> ..` leaves the tree although the text seems to stay.
    package static func stays(_ target: String, insideTreeFrom folder: ArraySlice<String>, links: Set<String> = []) -> Bool {
        guard !target.isEmpty, !target.hasPrefix("/") else { return false }
        var path = Array(folder)
        var throughLink = false
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if throughLink || path.isEmpty { return false }
                path.removeLast()
            default:
                path.append(String(part))
                if !throughLink, links.contains(path.joined(separator: "/")) { throughLink = true }
            }
        }
        return true
    }
}
