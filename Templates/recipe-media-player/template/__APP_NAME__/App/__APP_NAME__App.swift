#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The app: the library, a mini player and a full-screen player, in one window.
///
/// The models are made once, here, and handed to `RootView`, which keeps them above every
/// layout switch. One window, on iPad too: `Info.plist` sets `UIApplicationSupportsMultipleScenes`
/// to false. The app has one player, one video layer and one Picture in Picture controller, and
/// a second window would make a second `RootView` bound to the same player: both would present
/// the player screen, and the second would take the only layer, leaving the first black. Giving
/// each window its own player instead would mean two players and two sets of sound in the
/// background; one window keeps "one player for the app" true. The launch switches (`LaunchOptions`) put the app in a known state for UI
/// tests and screenshots: `-play small-repairs-1 -paused -start 4` opens the player paused at
/// 0:04.
@main
struct __APP_NAME__App: App {
    private let launch: Launch

    /// The catalogue read and the models made, or why the catalogue could not be read.
    private enum Launch {
        case ready(PlayerModel, LibraryModel, uiTesting: Bool)
        case broken(String)
    }

    init() {
        let options = LaunchOptions.current
        let defaults = PlayerDefaults()
        if options.resetState {
            defaults.reset()
        }
        // Xcode copies Media/ flat into the app's resources: Catalog.json and the clips.
        let resources = Bundle.main.resourceURL ?? Bundle.main.bundleURL
        do {
            let catalog = try Catalog.load(from: resources)
            let player = PlayerModel(catalog: catalog, resources: resources, defaults: defaults, options: options)
            let library = LibraryModel(catalog: catalog, selecting: options.select ?? options.play)
            launch = .ready(player, library, uiTesting: options.uiTesting)
        } catch {
            // Every problem in Catalog.json, one sentence each.
            launch = .broken(String(describing: error))
        }
    }

    var body: some Scene {
        WindowGroup {
            switch launch {
            case .ready(let player, let library, let uiTesting):
                RootView(player: player, library: library, uiTesting: uiTesting)
            case .broken(let problems):
                ContentUnavailableView(
                    "The catalogue can't be read",
                    systemImage: "exclamationmark.triangle",
                    description: Text(problems)
                )
            }
        }
    }
}
#endif
