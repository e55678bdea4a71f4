import Foundation
import Testing
@testable import __APP_NAME__

@Test("Launch switches")
func launchChecks() {
    let readme: LaunchOptions = LaunchOptions(arguments: ["-play", "small-repairs-1", "-paused", "-start", "4"])
    #expect(readme.play == "small-repairs-1" && readme.paused && readme.start == 4 && readme.problems.isEmpty, "the README's launch: -play small-repairs-1 -paused -start 4")
    let all: LaunchOptions = LaunchOptions(arguments: ["-uiTesting", "-resetState", "-select", "small-repairs-2", "-upNextLead", "3", "-autoplay", "0", "-loop"])
    #expect(all.uiTesting && all.resetState && all.select == "small-repairs-2" && all.upNextLead == 3 && all.autoplay == false && all.loop, "every other switch is read")
    #expect(LaunchOptions(arguments: []) == LaunchOptions(), "no switch, no change")
    #expect(LaunchOptions(arguments: ["-autoplay", "1"]).autoplay == true, "-autoplay 1 turns it on")
    #expect(LaunchOptions(arguments: ["-autoplay"]).autoplay == true, "-autoplay alone turns it on")
    #expect(LaunchOptions(arguments: ["-loop"]).autoplay == nil, "without -autoplay the saved setting stands")
    let scheme: LaunchOptions = LaunchOptions(arguments: ["-paused", "NO", "-loop", "YES"])
    #expect(!scheme.paused && scheme.loop, "YES and NO after a switch, as Xcode's scheme editor writes them")
    #expect(LaunchOptions(arguments: ["-start", "4.5"]).start == 4.5, "fractions of a second")
    let bad: LaunchOptions = LaunchOptions(arguments: ["-start", "soon", "-paused"])
    #expect(bad.start == nil && bad.problems.count == 1 && bad.paused, "a bad time is reported, not applied, and the next switch still counts")
    let negative: LaunchOptions = LaunchOptions(arguments: ["-upNextLead", "-1"])
    #expect(negative.upNextLead == nil && negative.problems.count == 1, "a negative lead is refused")
    let missing: LaunchOptions = LaunchOptions(arguments: ["-play", "-paused"])
    #expect(missing.play == nil && missing.paused && missing.problems.count == 1, "-play without an id is reported and does not swallow the next switch")
    let foreign: LaunchOptions = LaunchOptions(arguments: ["-NSDoubleLocalizedStrings", "YES", "-AppleLanguages", "(fr)"])
    #expect(foreign == LaunchOptions(), "arguments of the system are ignored")
    #expect(all.policy(savedAutoplay: true) == UpNextPolicy(lead: 3, autoplay: false), "the policy: -upNextLead and -autoplay over the saved setting")
    #expect(LaunchOptions().policy(savedAutoplay: false) == UpNextPolicy(lead: 10, autoplay: false), "the policy without switches: the default lead and the saved setting")

    let pairs: [(name: String, value: String?)] = LaunchSwitches.pairs(["-play", "a-1", "-paused", "-start", "-1", "stray"])
    #expect(pairs.map(\.name) == ["-play", "-paused", "-start", "-1"] && pairs.map(\.value) == ["a-1", nil, nil, "stray"], "switches pair with the word after them unless it is a switch")
    #expect([LaunchSwitches.boolean("YES"), LaunchSwitches.boolean("True"), LaunchSwitches.boolean("1"), LaunchSwitches.boolean("no"), LaunchSwitches.boolean("maybe")] == [true, true, true, false, nil], "flags read YES, true and 1 as on, in any case")

    let snapshot: PlayerSnapshot = PlayerSnapshot(item: "small-repairs-1", isPlaying: true, time: 4.8, upNext: .counting, isPictureInPictureActive: false, surfaces: 1, isPresented: true)
    let text: String = PlayerMarker.player(snapshot)
    #expect(text == "item=small-repairs-1|playing=1|time=4|upNext=counting|pip=0|surfaces=1|presented=1|failed=0|pipReady=0|", "the player marker")
    #expect(text.contains("time=4|") && !PlayerMarker.player(PlayerSnapshot(item: nil, isPlaying: false, time: 41, upNext: .hidden, isPictureInPictureActive: false, surfaces: 1, isPresented: false)).contains("time=4|"), "every pair ends in |, so time=4| never matches time=41")
    #expect(MarkerText.fields(PlayerMarker.player(PlayerSnapshot(item: nil, isPlaying: false, time: .nan, upNext: .hidden, isPictureInPictureActive: true, surfaces: 2, isPresented: false))) == ["item": "none", "playing": "0", "time": "0", "upNext": "hidden", "pip": "1", "surfaces": "2", "presented": "0", "failed": "0", "pipReady": "0"], "nothing loaded reads item=none")
    #expect(MarkerText.fields(text)["upNext"] == "counting", "markers read back")
    #expect(PlayerMarker.library(LibrarySelection(showID: "small-repairs", episodeID: "small-repairs-2"), autoplay: true) == "show=small-repairs|episode=small-repairs-2|autoplay=1|", "the library marker")
    #expect(PlayerMarker.library(LibrarySelection(), autoplay: false) == "show=none|episode=none|autoplay=0|", "an empty library selection")
    #expect(PlayerMarker.playerIdentifier == "player.state" && PlayerMarker.libraryIdentifier == "library.state", "the identifiers the UI tests look for")

    // Library selection
    let catalog: Catalog = TestCatalog.catalog
    #expect(LibrarySelection(selecting: "a-2", in: catalog) == LibrarySelection(showID: "a", episodeID: "a-2"), "-select an episode selects it and its show")
    #expect(LibrarySelection(selecting: "b", in: catalog) == LibrarySelection(showID: "b", episodeID: nil), "-select a show selects the show alone")
    #expect(LibrarySelection(selecting: "zz", in: catalog) == nil, "-select an unknown id selects nothing")
    var selection: LibrarySelection = LibrarySelection(showID: "a", episodeID: "a-2")
    selection.select(showID: "a", in: catalog)
    #expect(selection.episodeID == "a-2", "choosing the same show keeps the episode")
    selection.select(showID: "b", in: catalog)
    #expect(selection == LibrarySelection(showID: "b", episodeID: nil), "another show drops an episode that isn't in it")
    selection.select(episodeID: "a-3", in: catalog)
    #expect(selection == LibrarySelection(showID: "a", episodeID: "a-3"), "choosing an episode selects its show")
    selection.select(episodeID: "zz", in: catalog)
    #expect(selection == LibrarySelection(showID: "a", episodeID: "a-3"), "an unknown episode changes nothing")
}
