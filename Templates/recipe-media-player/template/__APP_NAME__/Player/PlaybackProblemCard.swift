#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// What the player shows when an episode can't be played (`PlaybackFailure`): the reason in
/// one sentence, Try Again, and Play Next when the show has a next episode.
///
/// Like the up next card it is drawn inside `PlayerControls`, so it moves with the controls
/// and never sits on the fold. The video region shows the show's artwork meanwhile, not black.
struct PlaybackProblemCard: View {
    let player: PlayerModel
    let failure: PlaybackFailure
    let buttonsOnOwnRow: Bool

    var body: some View {
        let layout = buttonsOnOwnRow ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8)) : AnyLayout(HStackLayout(spacing: 12))
        layout {
            Label(failure.message, systemImage: "exclamationmark.triangle")
                .font(.subheadline)
                .frame(maxWidth: .infinity, alignment: .leading)
            HStack(spacing: 8) {
                if player.nextEpisode != nil {
                    Button {
                        player.playNow()
                    } label: {
                        Text("Play Next")
                            .padding(.horizontal, 8)
                            .frame(minWidth: IconButton.minimumSize, minHeight: IconButton.minimumSize)
                            .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
                    .accessibilityIdentifier("problem.playNext")
                }
                Button {
                    player.retry()
                } label: {
                    Text("Try Again")
                        .padding(.horizontal, 12)
                        .frame(minWidth: IconButton.minimumSize, minHeight: IconButton.minimumSize)
                        .background(.tint, in: Capsule())
                        .contentShape(Capsule())
                }
                .buttonStyle(.plain)
                .accessibilityIdentifier("problem.retry")
            }
        }
        .padding(12)
        .background(.white.opacity(0.08), in: RoundedRectangle(cornerRadius: 16))
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("problem.card")
    }
}
#endif
