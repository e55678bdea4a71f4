#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI
import UIKit

/// The library, the mini player, and the full-screen player presented over them.
///
/// The player model and the library model live here, in `@State`, above every layout switch.
/// This view never changes identity: folding, unfolding or rotating the phone rebuilds the
/// split view's columns and the player's children, never the models, so playback and the
/// selection carry on. The player is a `fullScreenCover` attached here for the same reason.
///
/// Only this root talks to the system about playback: the scene going to the background, and
/// the idle timer, which is off only while a video plays full screen in front of someone.
struct RootView: View {
    @State private var player: PlayerModel
    @State private var library: LibraryModel
    private let uiTesting: Bool
    /// The fold and this view's size, for the mini player's span.
    @State private var space = FoldSpace()
    @Environment(\.scenePhase) private var scenePhase

    init(player: PlayerModel, library: LibraryModel, uiTesting: Bool) {
        _player = State(initialValue: player)
        _library = State(initialValue: library)
        self.uiTesting = uiTesting
    }

    var body: some View {
        LibraryView(library: library, player: player)
            .safeAreaInset(edge: .bottom, spacing: 0) {
                if player.showsMiniPlayer {
                    MiniPlayer(player: player)
                        .padding(.leading, miniPlayerInsets.leading)
                        .padding(.trailing, miniPlayerInsets.trailing)
                        .padding(.bottom, 8)
                }
            }
            .readFoldSpace($space)
            .overlay(alignment: .topLeading) {
                if uiTesting {
                    markers
                }
            }
            .fullScreenCover(isPresented: $player.isPresented) {
                PlayerScreen(player: player, uiTesting: uiTesting)
            }
            .onChange(of: scenePhase) { _, phase in
                switch phase {
                case .background:
                    player.sceneMovedToBackground()
                case .active:
                    player.sceneMovedToForeground()
                default:
                    break
                }
            }
            .onChange(of: player.keepsScreenAwake, initial: true) { _, keepsAwake in
                UIApplication.shared.isIdleTimerDisabled = keepsAwake
            }
    }

    /// Leading and trailing space that keeps the mini player inside `floatingBarSpan`: the full
    /// width closed and in tabletop, the trailing side of the fold open and in book pose.
    private var miniPlayerInsets: (leading: CGFloat, trailing: CGFloat) {
        let bounds = space.bounds
        let span = FoldRegions(bounds: bounds, fold: space.fold).floatingBarSpan
        let margin: CGFloat = 12
        return (span.lowerBound - bounds.minX + margin, bounds.maxX - span.upperBound + margin)
    }

    private var markers: some View {
        VStack(spacing: 0) {
            PlayerStateMarker(player: player)
            TestMarkerView(
                identifier: PlayerMarker.libraryIdentifier,
                value: PlayerMarker.library(library.selection ?? LibrarySelection(), autoplay: player.autoplay)
            )
            .frame(width: 1, height: 1)
        }
    }
}
#endif
