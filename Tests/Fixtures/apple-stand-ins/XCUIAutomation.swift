// Stand-in for the part of XCUIAutomation the UI tests use, over Linux's own XCTest. No behaviour.
@_exported import XCTest

public struct CGVector: Sendable {
    public init(dx: CGFloat, dy: CGFloat) {}
}

@MainActor open class XCUICoordinate {
    open func tap() {}
}

public enum XCUIElementType: Sendable {
    case any
}

@MainActor open class XCUIElement {
    open var exists: Bool { false }
    open var isHittable: Bool { false }
    open var identifier: String { "" }
    open var label: String { "" }
    open var value: Any? { nil }
    open var frame: CGRect { .zero }
    open var windows: XCUIElementQuery { XCUIElementQuery() }
    open func waitForExistence(timeout: TimeInterval) -> Bool { false }
    open func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate { XCUICoordinate() }
    open func descendants(matching type: XCUIElementType) -> XCUIElementQuery { XCUIElementQuery() }
}

@MainActor open class XCUIElementQuery {
    open var firstMatch: XCUIElement { XCUIElement() }
    open func matching(identifier: String) -> XCUIElementQuery { self }
}

@MainActor open class XCUIApplication: XCUIElement {
    public override init() {}
    open var launchArguments: [String] = []
    open func launch() {}
    open func terminate() {}
}

open class XCUIScreenshot {}

@MainActor open class XCUIScreen {
    open class var main: XCUIScreen { XCUIScreen() }
    open func screenshot() -> XCUIScreenshot { XCUIScreenshot() }
}

@MainActor open class XCUIDevice {
    public enum Button: Sendable {
        case home
    }
    open class var shared: XCUIDevice { XCUIDevice() }
    open func press(_ button: Button) {}
}

open class XCTAttachment {
    public enum Lifetime: Sendable {
        case keepAlways, deleteOnSuccess
    }
    public init(string: String) {}
    public init(screenshot: XCUIScreenshot) {}
    open var name: String?
    open var lifetime: Lifetime = .deleteOnSuccess
}

extension XCTestCase {
    public func add(_ attachment: XCTAttachment) {}
}
