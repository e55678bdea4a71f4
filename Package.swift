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
        // OpenSSL's libcrypto, for SHA-256 on Linux (macOS uses the Swift implementation).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .yum(["openssl-devel"])]
        ),
        .target(
            name: "DuoNewKit",
            dependencies: ["CYaml", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]
        ),
        .executableTarget(name: "duo-new", dependencies: ["DuoNewKit"]),
        // Fixtures live in Tests/Fixtures and are found through #filePath, so
        // they stay plain files an author can open and edit.
        // The end-to-end tests launch the built `duo-new`, so the test target depends on it.
        .testTarget(name: "DuoNewKitTests", dependencies: ["DuoNewKit", "duo-new"]),
    ]
)
