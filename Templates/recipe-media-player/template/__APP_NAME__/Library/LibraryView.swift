#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// The shows and their episodes beside the selected episode's detail, in one
/// `NavigationSplitView` for every pose.
///
/// Never swap this for a stack by size class or pose: the split view collapses to one column
/// on the closed phone, shows both open, and evens its columns out at the fold in book pose by
/// itself, keeping the selection (held in `LibraryModel`) throughout.
struct LibraryView: View {
    @Bindable var library: LibraryModel
    let player: PlayerModel

    var body: some View {
        NavigationSplitView(columnVisibility: $library.columnVisibility) {
            List(selection: $library.selection) {
                ForEach(library.catalog.shows) { show in
                    Section(show.title) {
                        ShowRow(show: show)
                            .tag(LibrarySelection(showID: show.id))
                            .accessibilityIdentifier("library.show.\(show.id)")
                        ForEach(show.episodes) { episode in
                            EpisodeRow(show: show, episode: episode, resumeText: player.resumeText(for: episode))
                                .tag(LibrarySelection(showID: show.id, episodeID: episode.id))
                                .accessibilityIdentifier("library.episode.\(episode.id)")
                        }
                    }
                }
            }
            .navigationTitle("Library")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    LibraryOptions(player: player)
                }
            }
        } detail: {
            if let show = library.selectedShow {
                if let episode = library.selectedEpisode {
                    EpisodeDetailView(show: show, episode: episode, player: player)
                } else {
                    ShowDetailView(show: show, library: library)
                }
            } else {
                ContentUnavailableView("Choose an episode", systemImage: "play.square.stack",
                                       description: Text("Pick an episode from the library to see it here."))
            }
        }
    }
}

/// A show in the list: its artwork, title and host.
private struct ShowRow: View {
    let show: Show

    var body: some View {
        HStack(spacing: 12) {
            Artwork(show: show, cornerRadius: 8)
                .frame(width: 56, height: 56)
            VStack(alignment: .leading, spacing: 2) {
                Text(show.title)
                    .font(.headline)
                if !show.host.isEmpty {
                    Text(show.host)
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .frame(minHeight: IconButton.minimumSize)
        .accessibilityElement(children: .combine)
    }
}

/// One episode in the list: small artwork, number and title, length or where it was left.
private struct EpisodeRow: View {
    let show: Show
    let episode: Episode
    let resumeText: String?

    var body: some View {
        HStack(spacing: 12) {
            Artwork(show: show, episodeNumber: episode.number, cornerRadius: 6)
                .frame(width: 44, height: 44)
            VStack(alignment: .leading, spacing: 2) {
                Text(episode.title)
                    .font(.body)
                    .lineLimit(2)
                Text(resumeText.map { "Resume from \($0)" } ?? TimeText.clock(episode.duration))
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
        .frame(minHeight: IconButton.minimumSize)
        .accessibilityElement(children: .combine)
    }
}

/// The library's options menu: the up next autoplay switch.
private struct LibraryOptions: View {
    @Bindable var player: PlayerModel

    var body: some View {
        Menu {
            Toggle("Play Next Automatically", isOn: $player.autoplay)
            .accessibilityIdentifier("library.autoplay")
        } label: {
            Label("Options", systemImage: "ellipsis.circle")
                .frame(minWidth: IconButton.minimumSize, minHeight: IconButton.minimumSize)
        }
        .accessibilityIdentifier("library.options")
    }
}
#endif
