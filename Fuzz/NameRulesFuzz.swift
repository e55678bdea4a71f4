// fuzz-max-len: 4096
// fuzz-helpers: SwiftDeclarationsReference.swift
// fuzz-links: core
@testable import DuoNewCore
import Foundation

/// libFuzzer target for the name rules: AppName, bundle id, `--set` values and the Swift
/// declaration scanner that feeds them.
///
/// The input is up to seven fields separated by NUL bytes: AppName, bundle id, `--set` value,
/// pattern (empty: none), Swift source, reserved names and top-level names (comma-separated).
/// Beyond not crashing, it checks what a user relies on: a refusal names a rule of its family and
/// says something, a suggested fix passes the same rules, and the byte scanner finds the same
/// declarations as the reference in SwiftDeclarationsReference.swift.
enum NameRulesFuzz {
    static func run(_ data: UnsafeRawBufferPointer) {
        let fields = data.split(separator: 0, maxSplits: 6, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        func list(_ index: Int) -> [String] { field(index).split(separator: ",").map(String.init) }

        // The streaming scanner must agree with the String-based one it replaced wherever that one
        // was exact: ASCII sources, names short enough to keep.
        let source = field(4)
        if source.utf8.allSatisfy({ $0 < 0x80 }) {
            let streamed = SwiftDeclarations.typeNames(in: source)
            let reference = SwiftDeclarationsReference.typeNames(in: source).filter { $0.utf8.count <= SwiftDeclarations.longestKeptName }
            if streamed != reference {
                fatalError("declarations differ: streamed \(streamed.sorted()), reference \(reference.sorted())")
            }
        }
        let context = NameContext(
            topLevelNames: list(6),
            reservedNames: list(5),
            declaredTypes: SwiftDeclarations.typeNames(in: field(4)),
            appNameToken: "__APP_NAME__"
        )
        do throws(NameError) {
            try NameRules.checkAppName(field(0), context: context)
        } catch {
            expect(error, family: "app-name.")
            if let suggestion = error.suggestion {
                do throws(NameError) {
                    try NameRules.checkAppName(suggestion, context: context)
                } catch let again {
                    fatalError("AppName '\(field(0))' suggests '\(suggestion)', which breaks \(again.rule): \(again.message)")
                }
            }
        }
        do throws(NameError) {
            try NameRules.checkBundleID(field(1))
        } catch {
            expect(error, family: "bundle-id.")
            if let suggestion = error.suggestion {
                do throws(NameError) {
                    try NameRules.checkBundleID(suggestion)
                } catch let again {
                    fatalError("bundle id '\(field(1))' suggests '\(suggestion)', which breaks \(again.rule): \(again.message)")
                }
            }
        }
        do throws(NameError) {
            try NameRules.checkSetting(field(2), key: "team-id", pattern: fields.count > 3 && !field(3).isEmpty ? field(3) : nil)
        } catch {
            expect(error, family: "set.")
        }
    }

    private static func expect(_ error: NameError, family: String) {
        if !error.rule.hasPrefix(family) || error.message.isEmpty {
            fatalError("refusal without a rule of the '\(family)' family or a message: \(error)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNameRules(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    NameRulesFuzz.run(UnsafeRawBufferPointer(start: bytes, count: count))
    return 0
}
