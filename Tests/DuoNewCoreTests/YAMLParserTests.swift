import Testing
@testable import DuoNewCore

/// The YAML layer: node kinds, 1-based marks, scalar styles and typing, and what it refuses.
@Suite struct YAMLParserTests {
    @Test func keepsMappingOrderAndMarks() throws {
        let root = try #require(try YAMLParser.parse("""
            b: 1
            a:
              - x
              - "y"
            """))
        guard case .mapping(let pairs) = root.kind else {
            Issue.record("root is not a mapping")
            return
        }
        #expect(root.mark == YAMLMark(line: 1, column: 1))
        #expect(pairs.map { $0.key.scalarValue } == ["b", "a"])
        #expect(pairs[0].value.mark == YAMLMark(line: 1, column: 4))
        guard case .sequence(let items) = pairs[1].value.kind else {
            Issue.record("'a' is not a sequence")
            return
        }
        #expect(pairs[1].value.mark == YAMLMark(line: 3, column: 3))
        #expect(items.map(\.mark) == [YAMLMark(line: 3, column: 5), YAMLMark(line: 4, column: 5)])
        #expect(items.map(\.scalarValue) == ["x", "y"])
    }

    @Test func countsColumnsInUnicodeScalars() throws {
        let root = try #require(try YAMLParser.parse("café: [é, x]"))
        guard case .mapping(let pairs) = root.kind, case .sequence(let items) = pairs[0].value.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(items.map(\.mark.column) == [8, 11])
    }

    @Test(arguments: [
        ("plain", YAMLNode.ScalarStyle.plain), ("'single'", .singleQuoted), ("\"double\"", .doubleQuoted),
        ("|\n  literal\n", .literal), (">\n  folded\n", .folded),
    ])
    func recordsScalarStyle(_ source: String, _ style: YAMLNode.ScalarStyle) throws {
        let root = try #require(try YAMLParser.parse("key: \(source)"))
        guard case .mapping(let pairs) = root.kind, case .scalar(_, let found) = pairs[0].value.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(found == style)
    }

    @Test(arguments: [
        ("true", YAMLNode.ScalarType.bool(true)), ("False", .bool(false)), ("\"true\"", .string), ("yes", .string),
        ("'yes'", .string), ("~", .null), ("null", .null), ("", .null), ("42", .int), ("-7", .int), ("0x1F", .int),
        ("1.0", .float), ("1e3", .float), (".inf", .float), ("\"1.0\"", .string), ("1.0.0", .string), ("v1", .string),
    ])
    func typesPlainScalarsByTheCoreSchema(_ source: String, _ type: YAMLNode.ScalarType) throws {
        let root = try #require(try YAMLParser.parse("key: \(source)"))
        guard case .mapping(let pairs) = root.kind else {
            Issue.record("root is not a mapping")
            return
        }
        #expect(pairs[0].value.scalarType == type)
    }

    @Test func returnsNothingForADocumentOfComments() throws {
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
        #expect(try YAMLParser.parse("") == nil)
    }

    @Test func reportsEveryAnchorAliasAndDuplicateInOnePass() {
        #expect(throws: YAMLError(problems: [
            YAMLProblem(.anchor(name: "x"), at: YAMLMark(line: 1, column: 4)),
            YAMLProblem(.alias(name: "x"), at: YAMLMark(line: 2, column: 4)),
            YAMLProblem(.duplicateKey("a", firstLine: 1), at: YAMLMark(line: 3, column: 1)),
        ])) {
            try YAMLParser.parse("a: &x 1\nb: *x\na: 2\n")
        }
    }

    @Test func doesNotExpandAliasBombs() {
        let bomb = (1...9).map { "l\($0): &l\($0) [*l\($0 - 1), *l\($0 - 1), *l\($0 - 1)]" }.joined(separator: "\n")
        do {
            _ = try YAMLParser.parse("l0: &l0 [x]\n" + bomb)
            Issue.record("an alias bomb was accepted")
        } catch {
            // 10 anchors and 27 aliases, each reported where it is written, none expanded.
            #expect(error.problems.count == 37)
            #expect(error.problems.last == YAMLProblem(.alias(name: "l8"), at: YAMLMark(line: 10, column: 20)))
        }
    }

    /// A bad byte after accented letters is placed in characters, as libyaml's own marks are:
    /// `name: café` then 0xFF is column 11, not 12 (é is two bytes).
    @Test func placesInvalidUTF8InCharacterColumns() {
        let bytes = Array("summary: ok\nname: café".utf8) + [0xFF]
        #expect(throws: YAMLError(problems: [YAMLProblem(.invalidUTF8(byte: 0xFF), at: YAMLMark(line: 2, column: 11))])) {
            try YAMLParser.parse(utf8: bytes)
        }
    }

    @Test func findsTheFirstInvalidUTF8Byte() {
        #expect(YAMLParser.firstInvalidUTF8(in: Array("ok é".utf8)) == nil)
        #expect(YAMLParser.firstInvalidUTF8(in: [0x61, 0x62, 0xFF, 0x63]) == 2)
        #expect(YAMLParser.firstInvalidUTF8(in: [0x61, 0xC3]) == 1)
    }
}
