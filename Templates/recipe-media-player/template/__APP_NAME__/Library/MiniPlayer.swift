#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// The bar that shows what plays while the player is closed: artwork and title (a tap opens
/// the player again), play or pause, and Stop, which saves the place and empties the player.
///
/// The root view places it along the bottom within `FoldRegions.floatingBarSpan`: the full
/// width closed and in tabletop, the trailing side of the fold open and in book pose, so none
/// of its buttons sits on the fold line.
struct MiniPlayer: View {
    let player: PlayerModel

    var body: some View {
        if let episode = player.episode, let show = player.show {
            HStack(spacing: 8) {
                Button {
                    player.open()
                } label: {
                    HStack(spacing: 10) {
                        Artwork(show: show, episodeNumber: episode.number, cornerRadius: 6)
                            .frame(width: 40, height: 40)
                        VStack(alignment: .leading, spacing: 2) {
                            Text(episode.title)
                                .font(.subheadline.weight(.semibold))
                                .lineLimit(1)
                            Text(show.title)
                                .font(.caption)
                                .foregroundStyle(.secondary)
                                .lineLimit(1)
                        }
                        Spacer(minLength: 0)
                    }
                    .frame(minHeight: IconButton.minimumSize)
                    .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .accessibilityLabel("Open the player: \(episode.title)")
                .accessibilityIdentifier("mini.open")

                IconButton(
                    title: player.isPlaying ? "Pause" : "Play",
                    systemImage: player.isPlaying ? "pause.fill" : "play.fill"
                ) {
                    player.togglePlay()
                }
                .accessibilityIdentifier("mini.playPause")

                IconButton(title: "Stop", systemImage: "xmark") {
                    player.stop()
                }
                .accessibilityIdentifier("mini.close")
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 6)
            .glassEffect(.regular, in: RoundedRectangle(cornerRadius: 22))
            .accessibilityElement(children: .contain)
            .accessibilityIdentifier("mini.player")
        }
    }
}
#endif
