internal import CYaml

/// Builds a `YAMLNode` tree from text through libyaml's event parser.
///
/// Stricter than YAML itself, because a manifest should mean one thing: one document only,
/// no anchors or aliases (nothing is expanded, so no alias bombs), no tags, no duplicate keys.
/// All such problems of one pass are reported together; a syntax error ends the pass.
public enum YAMLParser {
    /// Deepest nesting accepted. A manifest needs four levels; the limit keeps hostile input
    /// (a file of `[`) from building a tree too deep to walk or free recursively.
    public static let maximumDepth = 64

    /// The document's root node, or nil when the text holds no document (empty, or only comments).
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        try parse(utf8: Array(text.utf8))
    }

    /// Parses raw bytes, so that invalid UTF-8 is reported with its line and column.
    public static func parse(utf8: [UInt8]) throws(YAMLError) -> YAMLNode? {
        // libyaml reports the byte after a bad sequence; checking first points at the bad byte itself.
        if let bad = firstInvalidUTF8(in: utf8) {
            let place = utf8.withUnsafeBufferPointer { mark(ofByteOffset: bad, in: $0) }
            throw YAMLError(problems: [YAMLProblem(.invalidUTF8(byte: utf8[bad]), at: place)])
        }
        // libyaml stops at the first syntax error. To report the later ones in the same run, the
        // line at fault is blanked (spaces keep every other position) and the text parsed again.
        // An error on the very next line is most often the first one's echo (a scalar that now
        // runs on), so the search stops there rather than report it.
        var text = utf8
        var problems: [YAMLProblem] = []
        var lastSyntaxLine = 0
        for _ in 0..<maximumSyntaxErrors {
            switch parseOnce(text) {
            case .success(let root):
                if problems.isEmpty { return root }
                throw YAMLError(problems: problems)
            case .failure(let error):
                // Blanking a line changes the structure below it (a key's children join another
                // mapping): after the first pass, only syntax errors are new findings.
                let found = lastSyntaxLine == 0 ? error.problems : error.problems.filter {
                    if case .syntax = $0.kind { true } else { false }
                }
                guard let syntax = error.problems.last, case .syntax = syntax.kind, !problems.contains(syntax) else {
                    problems += found.filter { !problems.contains($0) }
                    throw YAMLError(problems: problems)
                }
                problems += found.filter { !problems.contains($0) }
                if lastSyntaxLine > 0, syntax.mark.line <= lastSyntaxLine + 1 {
                    // The echo is not a new finding: drop it along with anything found after it.
                    problems.removeAll { $0 == syntax }
                    throw YAMLError(problems: problems)
                }
                lastSyntaxLine = syntax.mark.line
                blank(line: syntax.mark.line, in: &text)
            }
        }
        throw YAMLError(problems: problems)
    }

    /// Syntax errors reported from one text, at most.
    public static let maximumSyntaxErrors = 10

    private static func parseOnce(_ utf8: [UInt8]) -> Result<YAMLNode?, YAMLError> {
        // libyaml reads the buffer in place; a trailing NUL keeps the pointer valid for empty text.
        let bytes = utf8 + [0]
        return bytes.withUnsafeBufferPointer { buffer -> Result<YAMLNode?, YAMLError> in
            guard let start = buffer.baseAddress else { return .success(nil) }
            return parse(start, count: buffer.count - 1, bytes: buffer)
        }
    }

    /// Replaces the bytes of a 1-based line, but not its line break, with spaces.
    private static func blank(line: Int, in bytes: inout [UInt8]) {
        var current = 1
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "\n") {
                current += 1
                if current > line { return }
            } else if current == line {
                bytes[index] = UInt8(ascii: " ")
            }
        }
    }

    private static func parse(
        _ start: UnsafePointer<UInt8>, count: Int, bytes: UnsafeBufferPointer<UInt8>
    ) -> Result<YAMLNode?, YAMLError> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(YAMLError(problems: [YAMLProblem(.outOfMemory, at: YAMLMark(line: 1, column: 1))]))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, start, count)

        var builder = TreeBuilder()
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                builder.problems.append(syntaxProblem(parser, bytes: bytes))
                break
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            if !builder.handle(event) { break }
        }
        if builder.problems.isEmpty { return .success(builder.root) }
        return .failure(YAMLError(problems: builder.problems))
    }

    private static func syntaxProblem(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> YAMLProblem {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return YAMLProblem(.outOfMemory, at: YAMLMark(line: 1, column: 1))
        case YAML_READER_ERROR:
            // The reader sets no mark, only a byte offset.
            let value = parser.problem_value >= 0 ? Int(parser.problem_value) : nil
            return YAMLProblem(.reader(problem: problem, value: value), at: mark(ofByteOffset: parser.problem_offset, in: bytes))
        default:
            let context = parser.context.map { String(cString: $0) }
            let contextMark = context == nil ? nil : YAMLMark(parser.context_mark)
            let mark = YAMLMark(parser.problem_mark)
            // libyaml notices a key without ':' only on a later line; the key is what needs fixing.
            if problem == "could not find expected ':'", context == "while scanning a simple key", let contextMark {
                let hint = "add ':' after this key, or indent the next line to continue its value"
                return YAMLProblem(.syntax(problem: problem, context: nil, contextMark: nil, hint: hint), at: contextMark)
            }
            let hint = hint(problem: problem, context: context, line: lineText(mark.line, in: bytes))
            return YAMLProblem(.syntax(problem: problem, context: context, contextMark: contextMark, hint: hint), at: mark)
        }
    }

    /// A fix for the libyaml errors authors meet most; libyaml's own words stay as they are.
    private static func hint(problem: String, context: String?, line: ArraySlice<UInt8>) -> String? {
        switch problem {
        case "mapping values are not allowed in this context":
            return "quote a value that holds ': ', or check this line's indentation"
        case "found character that cannot start any token" where line.prefix(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).contains(UInt8(ascii: "\t")):
            return "indent with spaces, as YAML does not allow tabs"
        case "did not find expected key":
            return "check this line's indentation"
        case "found unexpected end of stream" where context == "while scanning a quoted scalar":
            return "close the quote"
        default:
            return nil
        }
    }

    /// The bytes of a 1-based line, without its line break.
    private static func lineText(_ line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        let lines = Array(bytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return line <= lines.count ? lines[line - 1] : []
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence, if any.
    package static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Line and column of a byte offset; the column counts Unicode scalars, as libyaml's marks do.
    package static func mark(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> YAMLMark {
        var line = 1, column = 1
        for byte in bytes.prefix(min(offset, bytes.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return YAMLMark(line: line, column: column)
    }
}

extension YAMLMark {
    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

// MARK: - Building the tree from events

/// Turns the event stream into nodes, collecting the problems that do not stop parsing.
private struct TreeBuilder {
    var root: YAMLNode?
    var problems: [YAMLProblem] = []
    private var stack: [OpenCollection] = []
    private var documents = 0

    /// A mapping or sequence whose end event has not come yet; mutated in place on the stack.
    private struct OpenCollection {
        var mark: YAMLMark
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
        var keyLines: [String: Int] = [:]
    }

    /// Handles one event; false when parsing should stop.
    mutating func handle(_ event: yaml_event_t) -> Bool {
        let mark = YAMLMark(event.start_mark)
        let opens = event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT
        if opens && stack.count >= YAMLParser.maximumDepth {
            problems.append(YAMLProblem(.tooDeep(limit: YAMLParser.maximumDepth), at: mark))
            return false
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                problems.append(YAMLProblem(.multipleDocuments, at: mark))
                return false
            }
        case YAML_ALIAS_EVENT:
            problems.append(YAMLProblem(.alias(name: Self.string(event.data.alias.anchor)), at: mark))
            add(YAMLNode(.scalar("", .plain), at: mark))
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            checkAnchor(scalar.anchor, at: mark)
            if scalar.plain_implicit == 0 && scalar.quoted_implicit == 0 { checkTag(scalar.tag, at: mark) }
            let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            add(YAMLNode(.scalar(value, Self.style(scalar.style)), at: mark))
        case YAML_SEQUENCE_START_EVENT:
            checkAnchor(event.data.sequence_start.anchor, at: mark)
            if event.data.sequence_start.implicit == 0 { checkTag(event.data.sequence_start.tag, at: mark) }
            stack.append(OpenCollection(mark: mark, isMapping: false))
        case YAML_MAPPING_START_EVENT:
            checkAnchor(event.data.mapping_start.anchor, at: mark)
            if event.data.mapping_start.implicit == 0 { checkTag(event.data.mapping_start.tag, at: mark) }
            stack.append(OpenCollection(mark: mark, isMapping: true))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if let done = stack.popLast() {
                add(YAMLNode(done.isMapping ? .mapping(done.pairs) : .sequence(done.items), at: done.mark))
            }
        default:
            break
        }
        return true
    }

    private mutating func add(_ node: YAMLNode) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey {
            stack[top].pairs.append(YAMLNode.Pair(key: key, value: node))
            stack[top].pendingKey = nil
            return
        }
        if let name = node.scalarValue {
            if let firstLine = stack[top].keyLines[name] {
                problems.append(YAMLProblem(.duplicateKey(name, firstLine: firstLine), at: node.mark))
            } else {
                stack[top].keyLines[name] = node.mark.line
            }
        }
        stack[top].pendingKey = node
    }

    private mutating func checkAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, at mark: YAMLMark) {
        if let anchor { problems.append(YAMLProblem(.anchor(name: Self.string(anchor)), at: mark)) }
    }

    private mutating func checkTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, at mark: YAMLMark) {
        guard let tag else { return }
        let full = Self.string(tag)
        let standard = "tag:yaml.org,2002:"
        let shown = full.hasPrefix(standard) ? "!!" + full.dropFirst(standard.count) : full
        problems.append(YAMLProblem(.tag(shown), at: mark))
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
