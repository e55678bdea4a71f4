// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "duo-new",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "duo-new", targets: ["duo-new"]),
        .library(name: "DuoNewKit", targets: ["DuoNewKit"]),
    ],
    targets: [
        // libyaml, the system C library; SwiftPM compiles nothing here.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"]), .yum(["libyaml-devel"])]
        ),
        .target(name: "DuoNewKit", dependencies: ["CYaml"]),
        // Release builds on Linux link the Swift runtime and Foundation in: loading and relocating
        // a dozen shared libraries took 8 to 11 ms of every run (`--help` now takes 4 ms). Linked
        // statically, Foundation's libraries need each other, hence the group. Debug builds stay
        // dynamic: the test bundle links with the executable's settings, and the Swift Testing
        // and XCTest libraries exist only as shared libraries.
        .executableTarget(
            name: "duo-new",
            dependencies: ["DuoNewKit"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-Xlinker", "--start-group",
                        "-lFoundation", "-lCoreFoundation", "-lFoundationInternationalization", "-lFoundationEssentials",
                        "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
                        "-lswift_RegexParser", "-lswift_StringProcessing", "-lswift_Concurrency", "-lswiftDispatch",
                        "-ldispatch", "-lBlocksRuntime", "-lswiftCore",
                        "-Xlinker", "--end-group",
                    ],
                    .when(platforms: [.linux], configuration: .release)
                ),
            ]
        ),
        // Fixtures live in Tests/Fixtures and are found through #filePath, so
        // they stay plain files an author can open and edit.
        // The end-to-end tests launch the built `duo-new`, so the test target depends on it.
        .testTarget(name: "DuoNewKitTests", dependencies: ["DuoNewKit", "duo-new"]),
    ]
)
