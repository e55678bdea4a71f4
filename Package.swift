// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "duo-new",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "duo-new", targets: ["duo-new"]),
        .library(name: "DuoNewKit", targets: ["DuoNewKit"]),
        .library(name: "DuoNewCore", targets: ["DuoNewCore"]),
    ],
    targets: [
        // libyaml, the system C library; SwiftPM compiles nothing here.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"]), .yum(["libyaml-devel"])]
        ),
        // OpenSSL's libcrypto, for SHA-256 on Linux (macOS uses CryptoKit).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .yum(["openssl-devel"])]
        ),
        // The pure core: YAML, diagnostics, the manifest, the name rules, the plan, layer
        // composition and the token grammar. No file system, process or environment: it sees
        // bytes and values only, so every rule in it is tested without a disk.
        .target(name: "DuoNewCore", dependencies: ["CYaml"]),
        // The library that does the I/O: reading recipes and trees, writing projects, checks,
        // git, the catalog, the config, update and lint.
        .target(
            name: "DuoNewKit",
            dependencies: ["DuoNewCore", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]
        ),
        // The command line: parsing, usage, help, completions, prompts, rendering, exit codes.
        .target(name: "DuoNewCLI", dependencies: ["DuoNewKit", "DuoNewCore"]),
        .executableTarget(name: "duo-new", dependencies: ["DuoNewCLI"]),
        // The end-to-end tests' build of the binary: `duo-new` with an update observer that
        // stops or pauses the apply when told to, so a power cut and a signal mid-apply can be
        // tested on the real process; the `duo-new` users run has no such hook.
        .executableTarget(name: "duo-new-test-hooks", dependencies: ["DuoNewCLI", "DuoNewKit"], path: "Tests/TestHooks"),
        // Tests by scope. Fixtures live in Tests/Fixtures and are found through #filePath, so
        // they stay plain files an author can open and edit.
        // What the suites share: the harness that runs the built binary, fixture writers, the
        // pseudo-terminal, tree fingerprints.
        .target(name: "TestSupport", dependencies: ["DuoNewCore", "DuoNewKit"], path: "Tests/TestSupport"),
        // The core's rules on values, no disk.
        .testTarget(name: "DuoNewCoreTests", dependencies: ["DuoNewCore"]),
        // The library on disk: reading, writing, planning updates, lint, checks.
        .testTarget(name: "DuoNewKitTests", dependencies: ["DuoNewCore", "DuoNewKit", "TestSupport"]),
        // The command line in-process, with a captured console.
        .testTarget(name: "DuoNewCLITests", dependencies: ["DuoNewCore", "DuoNewKit", "DuoNewCLI", "TestSupport"]),
        // The built binary, as a user runs it (and its test-hook build, for power cuts and signals).
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DuoNewCore", "DuoNewKit", "DuoNewCLI", "TestSupport", "duo-new", "duo-new-test-hooks"]
        ),
        // The bundled recipes' own suites: their generated projects, model tests, Apple code
        // against the stand-ins, workflows. The slow ones.
        .testTarget(name: "RecipeTests", dependencies: ["DuoNewCore", "DuoNewKit", "TestSupport", "duo-new"]),
    ]
)
