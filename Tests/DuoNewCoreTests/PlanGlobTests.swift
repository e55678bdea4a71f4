@testable import DuoNewCore
import Testing

/// Glob matching as the manifest's `verbatim` and `exclude` use it, on values.
@Suite("Globs")
struct PlanGlobTests {
    @Test("matches", arguments: [
        ("*.png", "icon.png"),
        ("*.png", "Assets/App Icon/icon.png"),              // no slash: any depth
        ("**/*.png", "icon.png"),                           // ** may be no folder at all
        ("Assets/*.png", "Assets/icon.png"),
        ("Assets/**/*.png", "Assets/a/b/c/icon.png"),
        ("build", "build/Debug/app.o"),                     // a folder matches what is below it
        ("build/", "Sources/build/x"),
        ("Docs/?.md", "Docs/a.md"),
        ("*", "anything/at/all"),
        ("**/.DS_Store", "deep/er/.DS_Store"),
        ("Café/*.txt", "Café/menu.txt"),                    // bytes compared, accents and all
        ("*.tar.gz", "dist/pkg.tar.gz"),
        ("Docs/drafts", "Docs/drafts/a.md"),                // a path with a slash matches what is below it
        ("Docs/drafts", "Docs/drafts/old/b.md"),
        ("Assets/*.xcassets", "Assets/App.xcassets/Contents.json"),
    ])
    func matches(pattern: String, path: String) {
        #expect(Glob(pattern).matches(path))
    }

    @Test("does not match", arguments: [
        ("*.png", "icon.png.txt"),
        ("Assets/*.png", "Assets/sub/icon.png"),            // * stays within one segment
        ("Assets/*.png", "Other/Assets/icon.png"),          // a slash anchors at the root
        ("Docs/?.md", "Docs/ab.md"),
        ("build", "builder/x"),
        ("Cafe/*.txt", "Café/menu.txt"),
        ("**/x", "y"),
        ("Docs/drafts", "Docs/draftsman.md"),               // a whole segment, not a prefix
        ("Docs/drafts", "Other/Docs/drafts/a.md"),
    ])
    func doesNotMatch(pattern: String, path: String) {
        #expect(!Glob(pattern).matches(path))
    }

    @Test("refuses patterns it cannot honour", arguments: ["", "/abs", "a/../b", "./a", "a//b", "a**/b", "*.{png,jpg}", "[ab].txt"])
    func refuses(pattern: String) {
        #expect(Glob.problem(in: pattern) != nil)
    }
}
