extension NameRules {
    /// Swift's keywords, which cannot name a module or a type without backticks.
    /// Contextual keywords (`async`, `actor`, `some`, …) are left out: they can name a type.
    public static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// Modules an iPhone Duo app or its tests import, or that the toolchain provides; an app module
    /// with one of these names shadows it. Compared without case.
    public static let moduleNames: [String] = [
        "Swift", "SwiftUI", "SwiftUICore", "UIKit", "AppKit", "Foundation", "FoundationEssentials",
        "FoundationInternationalization", "FoundationXML", "FoundationNetworking", "CoreFoundation",
        "Dispatch", "Darwin", "Glibc", "Musl", "ObjectiveC", "Combine", "Observation", "CoreGraphics",
        "CoreImage", "CoreMedia", "CoreVideo", "CoreAnimation", "QuartzCore", "ImageIO", "AVFoundation",
        "AVKit", "AVFAudio", "Photos", "PhotosUI", "UniformTypeIdentifiers", "CoreLocation", "CoreData",
        "SwiftData", "CloudKit", "Metal", "MetalKit", "Vision", "VisionKit", "StoreKit", "WidgetKit",
        "ActivityKit", "AppIntents", "Accessibility", "OSLog", "os", "XCTest", "Testing", "XCUIAutomation",
        "Synchronization", "Distributed", "RegexBuilder", "Cxx", "CxxStdlib", "SwiftOnoneSupport",
        "Security", "Network", "UserNotifications", "CoreMotion", "Charts", "TipKit", "MapKit",
        "GameKit", "SpriteKit", "SceneKit", "RealityKit", "ARKit", "CoreML", "NaturalLanguage", "Speech",
    ]
}
