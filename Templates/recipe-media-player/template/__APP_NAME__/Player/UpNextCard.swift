#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The card near the end of an episode: what plays next, the seconds left when it will start
/// by itself, Play Now and Cancel.
///
/// It is drawn inside `PlayerControls`, never over the video on its own, so it goes wherever
/// the controls go and is never on the fold. On narrow controls (the closed phone) its buttons
/// get a row of their own.
struct UpNextCard: View {
    let player: PlayerModel
    let next: Episode
    let buttonsOnOwnRow: Bool

    var body: some View {
        let layout = buttonsOnOwnRow ? AnyLayout(VStackLayout(alignment: .leading, spacing: 8)) : AnyLayout(HStackLayout(spacing: 12))
        layout {
            HStack(spacing: 10) {
                if let show = player.show {
                    Artwork(show: show, episodeNumber: next.number, cornerRadius: 6)
                        .frame(width: 44, height: 44)
                }
                VStack(alignment: .leading, spacing: 2) {
                    Text(heading)
                        .font(.caption.weight(.semibold))
                        .foregroundStyle(.secondary)
                    Text(next.title)
                        .font(.subheadline.weight(.semibold))
                        .lineLimit(2)
                }
                Spacer(minLength: 0)
            }
            HStack(spacing: 8) {
                Button {
                    player.cancelUpNext()
                } label: {
                    Text("Cancel")
                        .padding(.horizontal, 8)
                        .frame(minWidth: IconButton.minimumSize, minHeight: IconButton.minimumSize)
                        .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .accessibilityIdentifier("upNext.cancel")
                Button {
                    player.playNow()
                } label: {
                    Text("Play Now")
                        .padding(.horizontal, 12)
                        .frame(minWidth: IconButton.minimumSize, minHeight: IconButton.minimumSize)
                        .background(.tint, in: Capsule())
                        .contentShape(Capsule())
                }
                .buttonStyle(.plain)
                .accessibilityIdentifier("upNext.playNow")
            }
        }
        .padding(12)
        .background(.white.opacity(0.08), in: RoundedRectangle(cornerRadius: 16))
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("upNext.card")
    }

    private var heading: String {
        if let seconds = player.upNextSecondsLeft {
            return "Up next in \(seconds) s"
        }
        return "Up next"
    }
}
#endif
