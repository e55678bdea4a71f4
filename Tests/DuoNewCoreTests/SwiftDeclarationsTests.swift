import Testing
@testable import DuoNewCore

@Suite struct SwiftDeclarationsTests {
    @Test func findsEveryKindOfTypeDeclarationIncludingNestedOnes() {
        let source = """
        import Foundation
        nonisolated struct StudioLayout: Sendable {
            enum Mode { case flat }
            typealias Region = CGRect
        }
        @Observable final class StudioStore {}
        actor CaptureService {}
        protocol CameraBackend: Sendable {}
        """
        #expect(SwiftDeclarations.typeNames(in: source) == ["StudioLayout", "Mode", "Region", "StudioStore", "CaptureService", "CameraBackend"])
    }

    @Test func ignoresCommentsStringsMembersAndTokenNames() {
        let source = """
        // struct InComment {}
        /* class InBlock {} */
        let text = "enum InString"
        class Base { class func make() {} ; class var shared: Base { Base() } }
        struct __APP_NAME__App {}
        """
        #expect(SwiftDeclarations.typeNames(in: source) == ["Base"])
    }
}
