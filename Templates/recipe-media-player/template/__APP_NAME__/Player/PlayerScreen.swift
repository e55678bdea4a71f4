#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The full-screen player: the video and the controls on one `FoldRegionsLayout`.
///
/// Closed, the controls float at the bottom and the video moves up into the space above them;
/// open and flat, they float over the video; folded like a book, the video takes the leading
/// region and the controls the trailing one; in tabletop the video sits above the fold and the
/// same controls below it. Every control is there in every pose; a pose only moves them.
///
/// This view is presented by `RootView` and owns no playback: it shows the model's layer and
/// sends the buttons' orders to the model. It has no `onAppear`, `onDisappear` or `task`:
/// folding the phone is not a request to play or to pause.
struct PlayerScreen: View {
    let player: PlayerModel
    let uiTesting: Bool
    /// The fold and this view's size, in this view's coordinates.
    @State private var space = FoldSpace()

    var body: some View {
        FoldRegionsLayout(folds: space.folds) {
            VideoFrame(player: player)
            PlayerControls(player: player, upNextButtonsOnOwnRow: upNextButtonsOnOwnRow)
            if uiTesting {
                TestMarkerView(identifier: "player.fold", value: foldMarkerValue)
                    .foldRegionsSlot(.fold)
            }
        }
        .readFoldSpace($space)
        .background(Color.black.ignoresSafeArea())
        .overlay(alignment: .topLeading) {
            if uiTesting {
                PlayerStateMarker(player: player)
            }
        }
        .preferredColorScheme(.dark)
    }

    /// Narrow controls (the closed phone) put the up next card's buttons on their own row.
    private var upNextButtonsOnOwnRow: Bool {
        PlayerRegions.controlsWidth(in: space.bounds, fold: space.fold) < PlayerRegions.upNextInlineMinimumWidth
    }

    private var foldMarkerValue: String {
        guard let fold = space.fold else { return "none" }
        return fold.isActive ? "active" : "inactive"
    }
}

/// The video region: the model's layer, the show's artwork over it when there is no picture
/// (an audio-only episode, or one that failed), or what plays instead while Picture in
/// Picture shows it. The surface stays underneath in every case, so it is never rebuilt.
private struct VideoFrame: View {
    let player: PlayerModel

    var body: some View {
        ZStack {
            VideoSurface(model: player)
            if player.showsArtwork, let show = player.show {
                Artwork(show: show, episodeNumber: player.episode?.number, cornerRadius: 20)
                    .padding(24)
            }
            if player.isPictureInPictureActive {
                Label("Playing in Picture in Picture", systemImage: "pip")
                    .font(.callout)
                    .foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel(player.episode?.title ?? "Video")
        .accessibilityIdentifier("player.video")
    }
}

/// The `player.state` test marker, redrawn as often as the time observer ticks, so it always
/// says the time and the number of video surfaces made.
struct PlayerStateMarker: View {
    let player: PlayerModel

    var body: some View {
        TimelineView(.periodic(from: .now, by: PlayerFacts.timeObserverInterval)) { _ in
            TestMarkerView(identifier: PlayerMarker.playerIdentifier, value: player.marker)
                .frame(width: 1, height: 1)
        }
    }
}
#endif
