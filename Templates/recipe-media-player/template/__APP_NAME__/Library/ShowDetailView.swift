#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// A selected show: its artwork, host and summary, and its episodes to choose from.
struct ShowDetailView: View {
    let show: Show
    let library: LibraryModel

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Artwork(show: show, cornerRadius: 20)
                    .frame(maxWidth: 240)
                    .frame(maxWidth: .infinity)
                Text(show.title)
                    .font(.title2.bold())
                    .accessibilityIdentifier("detail.showTitle")
                if !show.host.isEmpty {
                    Text("Hosted by \(show.host)")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                if !show.summary.isEmpty {
                    Text(show.summary)
                }
                ForEach(show.episodes) { episode in
                    Button {
                        library.selection = LibrarySelection(showID: show.id, episodeID: episode.id)
                    } label: {
                        HStack {
                            Text("\(episode.number). \(episode.title)")
                                .multilineTextAlignment(.leading)
                            Spacer()
                            Text(TimeText.clock(episode.duration))
                                .font(.footnote.monospacedDigit())
                                .foregroundStyle(.secondary)
                        }
                        .frame(minHeight: IconButton.minimumSize)
                        .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
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
