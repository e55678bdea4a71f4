import Foundation

/// The structural rules of the package (docs/architecture.md), each a function from source text
/// to the places that break it, so ArchitectureTests can run them on the tree and on broken
/// examples alike. A violation names the file, the line and the rule, in one sentence.
enum ArchitectureRules {
    /// A Swift file by its path from the package root (`Sources/DuoNewCore/...`) and its text.
    struct SourceFile {
        var path: String
        var text: String
    }

    static let fileLineLimit = 400
    static let functionLineLimit = 80
    static let mainLineLimit = 10
    /// A comment holding this, on a function's line or directly above it (with its doc comment),
    /// exempts it from `functionLineLimit` if it is a message table: a `switch` whose cases
    /// return strings, with no loops and no variables, and `String` in its signature.
    static let messageTableMarker = "architecture: message table"

    /// The targets from the bottom of the stack up: each may import only those below it.
    static let stack = ["DuoNewCore", "DuoNewKit", "DuoNewCLI", "duo-new"]

    // MARK: - Sizes

    static func longFiles(_ files: [SourceFile]) -> [String] {
        files.compactMap { file in
            let lines = lineCount(file.text)
            return lines > fileLineLimit ? "\(file.path): \(lines) lines, over the \(fileLineLimit)-line limit for a file; split it by concern" : nil
        }
    }

    /// Functions over the limit, keyed `path: name` (the allow-list's keys), with their messages.
    static func longFunctions(_ files: [SourceFile]) -> [(key: String, message: String)] {
        var result: [(key: String, message: String)] = []
        for file in files {
            let scan = SwiftSourceScan(file.text)
            for function in scan.functions where function.lines > functionLineLimit {
                let place = "\(file.path):\(function.firstLine): '\(function.name)' is \(function.lines) lines"
                if scan.hasMarker(messageTableMarker, above: function.firstLine) {
                    if !isMessageTable(function) {
                        result.append(("\(file.path): \(function.name)", "\(place) and marked '\(messageTableMarker)', but it is not a switch returning strings (it has a loop or a variable, or no String in its signature)"))
                    }
                    continue
                }
                result.append(("\(file.path): \(function.name)", "\(place), over the \(functionLineLimit)-line limit for a function; split it (a message table may be marked '// \(messageTableMarker)')"))
            }
        }
        return result
    }

    static func isMessageTable(_ function: SwiftSourceScan.Function) -> Bool {
        let body = Set(SwiftSourceScan.Token.split(function.body).map(\.text))
        let signature = Set(SwiftSourceScan.Token.split(function.signature).map(\.text))
        return body.contains("switch") && body.isDisjoint(with: ["for", "while", "repeat", "var", "func"]) && signature.contains("String")
    }

    /// Files whose braces or parentheses do not balance once comments and literals are blanked:
    /// the scan misread them, so the function rule could not be trusted there.
    static func unreadableFiles(_ files: [SourceFile]) -> [String] {
        files.compactMap { file in
            var braces = 0, parentheses = 0, lowest = 0
            for byte in SwiftSourceScan(file.text).code.utf8 {
                switch byte {
                case UInt8(ascii: "{"): braces += 1
                case UInt8(ascii: "}"): braces -= 1; lowest = min(lowest, braces)
                case UInt8(ascii: "("): parentheses += 1
                case UInt8(ascii: ")"): parentheses -= 1
                default: break
                }
            }
            let sound = braces == 0 && parentheses == 0 && lowest == 0
            return sound ? nil : "\(file.path): its braces or parentheses do not balance outside comments and literals; the scan misread it, so SwiftSourceScan needs the construct it missed"
        }
    }

    // MARK: - The pure core

    /// Names whose every use means I/O, a process or the environment.
    static let forbiddenNamesInCore: Set<String> = [
        "FileManager", "NSFileManager", "FileHandle", "Process", "ProcessInfo", "CommandLine", "environ",
        "Glibc", "Darwin", "Musl", "WinSDK",
    ]
    /// Free functions of the C library for files, processes and the environment (a method of
    /// the same name, `x.read(`, or a declaration, `func read(` or `case symlink(`, is not one).
    static let forbiddenCallsInCore: Set<String> = [
        "open", "openat", "close", "stat", "lstat", "fstat", "fstatat", "readdir", "opendir", "closedir",
        "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "read", "write", "pread",
        "pwrite", "fopen", "fread", "fwrite", "fclose", "fsync", "ftruncate", "realpath", "readlink",
        "symlink", "chmod", "chdir", "getcwd", "access", "mkstemp", "mkdtemp", "getenv", "setenv", "unsetenv",
        "posix_spawn", "posix_spawnp", "popen", "system", "fork", "execv", "execve", "execvp",
    ]
    /// Types that read a file when built with `contentsOf:` or `contentsOfFile:`.
    static let fileReadingTypes: Set<String> = ["Data", "String", "NSData", "NSString", "init"]

    /// Uses of the file system, processes or the environment in Sources/DuoNewCore.
    static func coreInput(_ files: [SourceFile]) -> [String] {
        var result: [String] = []
        for file in files where file.path.hasPrefix("Sources/DuoNewCore/") {
            let tokens = SwiftSourceScan(file.text).tokens
            for (index, token) in tokens.enumerated() {
                let before = index > 0 ? tokens[index - 1].text : ""
                let after = index + 1 < tokens.count ? tokens[index + 1].text : ""
                let twoBefore = index > 1 ? tokens[index - 2].text : ""
                var what: String?
                if forbiddenNamesInCore.contains(token.text) || token.text.hasPrefix("Dispatch") {
                    what = "'\(token.text)'"
                } else if forbiddenCallsInCore.contains(token.text), after == "(", ![".", "func", "case"].contains(before) {
                    what = "the C library's '\(token.text)('"
                } else if token.text == "contentsOfFile" || token.text == "contentsOfDirectory"
                            || (token.text == "contentsOf" && before == "(" && fileReadingTypes.contains(twoBefore)) {
                    what = "'\(twoBefore)(\(token.text):', which reads a file"
                }
                if let what {
                    result.append("\(file.path):\(token.line): uses \(what); the core sees bytes and values only, so do the I/O in DuoNewKit and pass the result in")
                }
            }
        }
        return result
    }

    // MARK: - The stack

    /// Imports of a target at or above the importing file's own in `stack`.
    static func upwardImports(_ files: [SourceFile]) -> [String] {
        var result: [String] = []
        for file in files {
            guard let level = stack.firstIndex(where: { file.path.hasPrefix("Sources/\($0)/") }) else { continue }
            for module in imports(in: file.text) {
                guard let imported = stack.firstIndex(of: module.name), imported >= level, module.name != stack[level] else { continue }
                result.append("\(file.path):\(module.line): \(stack[level]) imports \(module.name), a target above it; the stack is \(stack.joined(separator: " → ")), each importing only those before it")
            }
        }
        return result
    }

    static func imports(in text: String) -> [(name: String, line: Int)] {
        let tokens = SwiftSourceScan(text).tokens
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        return tokens.indices.compactMap { index in
            guard tokens[index].text == "import", index + 1 < tokens.count else { return nil }
            let next = kinds.contains(tokens[index + 1].text) && index + 2 < tokens.count ? tokens[index + 2] : tokens[index + 1]
            // `duo-new` is no module name; its module is `duo_new`.
            return (next.text == "duo_new" ? "duo-new" : next.text, next.line)
        }
    }

    /// A target of Package.swift: its name and the names its `dependencies:` list.
    struct PackageTarget {
        var name: String
        var dependencies: [String]
    }

    /// The targets Package.swift declares, read from its text (running `swift package
    /// dump-package` from inside `swift test` would wait on the build folder's lock).
    static func packageTargets(_ manifest: String) -> [PackageTarget] {
        let scan = SwiftSourceScan(manifest)
        let tokens = scan.tokens
        let bytes = Array(manifest.utf8)
        let kinds: Set<String> = ["target", "executableTarget", "testTarget", "systemLibrary", "plugin", "macro"]
        var result: [PackageTarget] = []
        var end = 0
        // `.target(name:)` also names a dependency inside a target: only the outer ones count.
        for index in tokens.indices.dropLast() where index >= end && kinds.contains(tokens[index].text)
            && index > 0 && tokens[index - 1].text == "." && tokens[index + 1].text == "(" {
            guard let close = matching(index + 1, in: tokens) else { continue }
            end = close
            // The first `name:` is the target's own; a dependency's comes after it.
            let arguments = Array(tokens[(index + 2)..<close])
            guard let nameLabel = arguments.firstIndex(where: { $0.text == "name" }),
                  let name = stringLiteral(after: arguments[nameLabel].offset, in: bytes)
            else { continue }
            var dependencies: [String] = []
            if let label = arguments.firstIndex(where: { $0.text == "dependencies" }),
               let open = tokens.firstIndex(where: { $0.offset > arguments[label].offset && $0.text == "[" }),
               let listEnd = matching(open, in: tokens) {
                dependencies = strings(in: tokens[open].offset..<tokens[listEnd].offset, of: scan, bytes: bytes)
            }
            result.append(PackageTarget(name: name, dependencies: dependencies))
        }
        return result
    }

    /// Breaks of the stack in Package.swift: the core depends on anything but CYaml, or a
    /// target depends on one above it.
    static func packageGraph(_ manifest: String) -> [String] {
        let targets = packageTargets(manifest)
        var result: [String] = []
        guard let core = targets.first(where: { $0.name == "DuoNewCore" }) else {
            return ["Package.swift: no target named 'DuoNewCore'; the rules expect the stack \(stack.joined(separator: " → "))"]
        }
        if core.dependencies != ["CYaml"] {
            result.append("Package.swift: DuoNewCore depends on \(core.dependencies.map { "'\($0)'" }.joined(separator: ", ")); the core depends on 'CYaml' (libyaml) alone")
        }
        for target in targets {
            guard let level = stack.firstIndex(of: target.name) else { continue }
            for dependency in target.dependencies {
                if let other = stack.firstIndex(of: dependency), other >= level {
                    result.append("Package.swift: \(target.name) depends on \(dependency), a target above it; the stack is \(stack.joined(separator: " → "))")
                }
            }
        }
        return result
    }

    /// Sources/duo-new holds main.swift alone, and main.swift only hands the process over.
    static func executable(entries: [String], main: String?) -> [String] {
        var result: [String] = []
        for entry in entries where entry != "main.swift" {
            result.append("Sources/duo-new/\(entry): the executable target holds main.swift alone; put this in DuoNewCLI")
        }
        guard let main else { return result + ["Sources/duo-new/main.swift: missing; the executable is one main.swift"] }
        let lines = lineCount(main)
        if lines > mainLineLimit {
            result.append("Sources/duo-new/main.swift: \(lines) lines, over \(mainLineLimit); it makes one call into DuoNewCLI, which does the rest")
        }
        return result
    }

    // MARK: - Reading

    static func lineCount(_ text: String) -> Int {
        let newlines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
        return text.hasSuffix("\n") || text.isEmpty ? newlines : newlines + 1
    }

    private static func matching(_ open: Int, in tokens: [SwiftSourceScan.Token]) -> Int? {
        let pairs = ["(": ")", "[": "]", "{": "}"]
        guard let closer = pairs[tokens[open].text] else { return nil }
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].text == tokens[open].text { depth += 1 }
            if tokens[index].text == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The contents of the first string literal after `offset`.
    private static func stringLiteral(after offset: Int, in bytes: [UInt8]) -> String? {
        guard let open = bytes[offset...].firstIndex(of: UInt8(ascii: "\"")),
              let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        return String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
    }

    /// The plain string literals in a range of the manifest, a `package:` label's left out.
    private static func strings(in range: Range<Int>, of scan: SwiftSourceScan, bytes: [UInt8]) -> [String] {
        let code = Array(scan.code.utf8)
        return scan.strings.filter { range.contains($0.lowerBound) && $0.count >= 2 }.compactMap { literal in
            let label = String(decoding: code[range.lowerBound..<literal.lowerBound], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.hasSuffix("package:") else { return nil }
            return String(decoding: bytes[(literal.lowerBound + 1)..<(literal.upperBound - 1)], as: UTF8.self)
        }
    }
}
