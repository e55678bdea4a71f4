import DuoNewKit
import Foundation
import Testing
import TestSupport

/// The installed docs the help names: `PREFIX/share/doc/duo-new/` beside `PREFIX/bin/duo-new`.
@Suite("Installed docs")
struct InstalledDocsTests {
    @Test func theDocsBesideTheExecutableAreFoundThroughALink() throws {
        let prefix = try TestScratch.makeFolder("installed-docs").resolvingSymlinksInPath()
        let files = FileManager.default
        try files.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data().write(to: prefix.appendingPathComponent("bin/duo-new"))
        let executable = prefix.appendingPathComponent("bin/duo-new").path
        #expect(InstalledDocs.folder(besideExecutable: executable) == nil, "no share/doc/duo-new yet")
        try files.createDirectory(at: prefix.appendingPathComponent("share/doc/duo-new"), withIntermediateDirectories: true)
        #expect(InstalledDocs.folder(besideExecutable: executable) == prefix.path + "/share/doc/duo-new/")
        // As Homebrew links it: the link's own folder has no docs; the executable's has.
        try files.createDirectory(at: prefix.appendingPathComponent("linked/bin"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: prefix.appendingPathComponent("linked/bin/duo-new").path, withDestinationPath: executable)
        #expect(InstalledDocs.folder(besideExecutable: prefix.appendingPathComponent("linked/bin/duo-new").path) == prefix.path + "/share/doc/duo-new/")
        #expect(InstalledDocs.folder(besideExecutable: nil) == nil)
    }

    @Test func theHelpNamesTheDocsFoundInPlaceOfThePlaceholder() throws {
        let prefix = try TestScratch.makeFolder("installed-docs-named").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/doc/duo-new"), withIntermediateDirectories: true)
        let executable = prefix.appendingPathComponent("bin/duo-new").path
        let text = "See <prefix>/share/doc/duo-new/ (scripts/install.sh) for more."
        #expect(InstalledDocs.naming(in: text, besideExecutable: executable) == "See \(prefix.path)/share/doc/duo-new/ for more.")
        #expect(InstalledDocs.naming(in: text, besideExecutable: "/nowhere/bin/duo-new") == text, "no docs there: the placeholder stays")
    }

    /// Homebrew keeps the tool in its Cellar, a folder per version, and links the docs into its
    /// prefix: the help names the linked folder (`/opt/homebrew/share/doc/duo-new/`), which
    /// outlives a `brew upgrade` and `brew cleanup`, whichever path the executable is known by.
    @Test func homebrewsLinkedDocsAreNamedRatherThanTheCellarsVersionFolder() throws {
        let brew = try TestScratch.makeFolder("installed-docs-cellar").resolvingSymlinksInPath()
        let files = FileManager.default
        let keg = brew.appendingPathComponent("Cellar/duo-new/0.1.0")
        try files.createDirectory(at: keg.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try files.createDirectory(at: keg.appendingPathComponent("share/doc/duo-new"), withIntermediateDirectories: true)
        try Data().write(to: keg.appendingPathComponent("bin/duo-new"))
        let inCellar = keg.appendingPathComponent("bin/duo-new").path
        #expect(InstalledDocs.folder(besideExecutable: inCellar) == keg.path + "/share/doc/duo-new/", "not linked (brew unlink): the keg's own")
        try files.createDirectory(at: brew.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try files.createDirectory(at: brew.appendingPathComponent("share/doc"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: brew.appendingPathComponent("bin/duo-new").path, withDestinationPath: "../Cellar/duo-new/0.1.0/bin/duo-new")
        try files.createSymbolicLink(atPath: brew.appendingPathComponent("share/doc/duo-new").path, withDestinationPath: "../../Cellar/duo-new/0.1.0/share/doc/duo-new")
        for executable in [inCellar, brew.appendingPathComponent("bin/duo-new").path] {
            #expect(InstalledDocs.folder(besideExecutable: executable) == brew.path + "/share/doc/duo-new/", "\(executable)")
        }
        // A link of that name to another version's docs is not this duo-new's.
        try files.removeItem(at: brew.appendingPathComponent("share/doc/duo-new"))
        try files.createSymbolicLink(atPath: brew.appendingPathComponent("share/doc/duo-new").path, withDestinationPath: "../../Cellar/duo-new/0.0.9/share/doc/duo-new")
        #expect(InstalledDocs.folder(besideExecutable: inCellar) == keg.path + "/share/doc/duo-new/")
    }
}
