#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// The selected episode: its artwork, title, show, summary and length, and Play (or Resume
/// from where it was left).
///
/// Play asks the player model to start; nothing here starts or stops playback by appearing or
/// disappearing, because folding the phone rebuilds this view.
struct EpisodeDetailView: View {
    let show: Show
    let episode: Episode
    let player: PlayerModel

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Artwork(show: show, episodeNumber: episode.number, cornerRadius: 20)
                    .frame(maxWidth: 280)
                    .frame(maxWidth: .infinity)
                VStack(alignment: .leading, spacing: 4) {
                    Text(episode.title)
                        .font(.title2.bold())
                        .accessibilityIdentifier("detail.title")
                    Text("\(show.title) · Episode \(episode.number) · \(TimeText.clock(episode.duration))")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                if let resume = player.resumeText(for: episode) {
                    Label("Left at \(resume)", systemImage: "clock.arrow.circlepath")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                        .accessibilityIdentifier("detail.resume")
                        .accessibilityValue(resume)
                }
                Button {
                    player.play(episode)
                } label: {
                    Label(player.resumeText(for: episode) == nil ? "Play" : "Resume", systemImage: "play.fill")
                        .frame(maxWidth: .infinity, minHeight: IconButton.minimumSize)
                }
                .buttonStyle(.borderedProminent)
                .accessibilityIdentifier("detail.play")
                if !episode.summary.isEmpty {
                    Text(episode.summary)
                        .font(.body)
                }
                if !show.summary.isEmpty {
                    Text(show.summary)
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
            .padding()
            .frame(maxWidth: 640, alignment: .leading)
            .frame(maxWidth: .infinity)
        }
        .navigationTitle(show.title)
        .navigationBarTitleDisplayMode(.inline)
    }
}
#endif
