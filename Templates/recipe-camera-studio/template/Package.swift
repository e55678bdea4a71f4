// swift-tools-version: 6.2
// The app's portable code as a package, so that its model tests run with `swift test` on a Mac
// and on Linux. The app target in __APP_NAME__.xcodeproj compiles the same files (it builds the
// whole __APP_NAME__ folder); this package builds only the folders named below, whose files
// import Foundation or Observation alone, or are wrapped whole in `#if canImport(UIKit)` (and
// so are empty off iOS). A file here that imports SwiftUI unguarded fails `swift test` on Linux.
import PackageDescription

/// The app target's settings (Swift 6, SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor,
/// SWIFT_APPROACHABLE_CONCURRENCY = YES), so the package compiles the code as Xcode does.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "__APP_NAME__",
    platforms: [.macOS(.v26), .iOS(.v26)],
    targets: [
        // Named as the app's module, so the tests' `@testable import __APP_NAME__` reads the
        // same here and in Xcode's unit-test target, which is hosted by the app.
        .target(
            name: "__APP_NAME__",
            path: "__APP_NAME__",
            // The SwiftUI views and the app's resources are Xcode's alone.
            exclude: ["Studio", "Shared", "Assets.xcassets", "PrivacyInfo.xcprivacy"],
            sources: ["Model", "Capture", "App"],
            swiftSettings: appSettings
        ),
        .testTarget(
            name: "__APP_NAME__Tests",
            dependencies: ["__APP_NAME__"],
            path: "__APP_NAME__Tests",
            swiftSettings: appSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
