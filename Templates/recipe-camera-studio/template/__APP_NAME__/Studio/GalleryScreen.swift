#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import AVFoundation
import AVKit
import SwiftUI
import UIKit

/// The in-app gallery: a grid of photos and videos, newest first, a viewer, sharing and delete.
///
/// Photos and videos stay in the app's Documents folder until someone shares them; the share
/// sheet's Save Image is what uses the photo-library-add usage string. Dates come from the
/// gallery's own index, never from the files.
struct GalleryScreen: View {
    let store: StudioStore
    @State private var selection: Capture?
    /// The grid's width and the fold in its coordinates, for `GalleryGrid`.
    @State private var width: CGFloat = 0
    @State private var fold: FoldFrame?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            content
                .navigationTitle("Gallery")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Done") { dismiss() }
                            .accessibilityIdentifier("gallery.close")
                    }
                }
                .navigationDestination(item: $selection) { capture in
                    CaptureViewer(store: store, capture: capture) {
                        selection = nil
                    }
                }
        }
        .overlay(alignment: .topLeading) {
            if store.options.uiTesting {
                TestMarkerView(identifier: TestMarker.galleryIdentifier, value: store.galleryMarker)
                    .frame(width: 1, height: 1)
            }
        }
    }

    @ViewBuilder
    private var content: some View {
        if store.captures.isEmpty {
            ContentUnavailableView(
                "No Photos or Videos",
                systemImage: "photo.on.rectangle",
                description: Text("What you take stays here, on this iPhone, until you share it.")
            )
        } else {
            // Columns from the width and the fold (`GalleryGrid`): open, no thumbnail lies
            // across the fold; the fold's own column stays empty.
            let grid = GalleryGrid(width: width, fold: fold)
            ScrollView {
                // Before the width is measured there are no columns, and no cells to show.
                LazyVGrid(columns: grid.columns.isEmpty
                          ? [GridItem()]
                          : grid.columns.map { GridItem(.fixed($0.width), spacing: $0.spacingAfter) },
                          spacing: GalleryGrid.spacing) {
                    ForEach(grid.cells(for: store.captures), id: \.self) { cell in
                        switch cell {
                        case .item(let capture):
                            Button {
                                selection = capture
                            } label: {
                                Thumbnail(url: store.url(for: capture), kind: capture.kind)
                            }
                            .buttonStyle(.plain)
                            .accessibilityLabel(Self.title(for: capture))
                            .accessibilityIdentifier("gallery.item")
                        case .fold:
                            Color.clear
                                .accessibilityHidden(true)
                        }
                    }
                }
            }
            .onGeometryChange(for: CGFloat.self) { proxy in
                proxy.size.width
            } action: { newWidth in
                width = newWidth
            }
            .onFoldChange { fold = $0 }
        }
    }

    /// "Photo, 2 Nov 2026 at 14:03", from the index's own date.
    static func title(for capture: Capture) -> String {
        let kind = capture.kind == .photo ? "Photo" : "Video"
        return "\(kind), \(capture.createdAt.formatted(date: .abbreviated, time: .shortened))"
    }
}

/// One capture, full size, with Share and Delete.
private struct CaptureViewer: View {
    let store: StudioStore
    let capture: Capture
    let close: () -> Void
    @State private var confirmsDelete = false
    @State private var image: UIImage?
    @State private var player: AVPlayer?

    var body: some View {
        let url = store.url(for: capture)
        ZStack {
            Color.black.ignoresSafeArea()
            switch capture.kind {
            case .photo:
                if let image {
                    Image(uiImage: image)
                        .resizable()
                        .scaledToFit()
                        .accessibilityLabel(GalleryScreen.title(for: capture))
                }
            case .movie:
                VideoPlayer(player: player)
            }
        }
        .accessibilityIdentifier("gallery.viewer")
        .navigationTitle(capture.kind == .photo ? "Photo" : "Video")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                ShareLink(item: url) {
                    Label("Share", systemImage: "square.and.arrow.up")
                }
                .accessibilityIdentifier("gallery.share")
            }
            ToolbarItem(placement: .destructiveAction) {
                Button(role: .destructive) {
                    confirmsDelete = true
                } label: {
                    Label("Delete", systemImage: "trash")
                }
                .accessibilityIdentifier("gallery.delete")
            }
        }
        .alert(capture.kind == .photo ? "Delete this photo?" : "Delete this video?", isPresented: $confirmsDelete) {
            Button("Delete", role: .destructive) {
                store.delete(capture)
                close()
            }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("It is removed from this iPhone. Copies you shared stay where you shared them.")
        }
        .task(id: capture.id) {
            switch capture.kind {
            case .photo:
                image = await PhotoDecoding.fullImage(at: url)
            case .movie:
                // Movies play as movies: with the Ring/Silent switch on Silent they still have
                // sound. The camera is stopped under the gallery, so nothing records meanwhile,
                // and the capture session sets the category it needs when it records again.
                try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback)
                player = AVPlayer(url: url)
            }
        }
    }
}

/// A square thumbnail: the photo, or a movie's upright poster frame with a video badge.
private struct Thumbnail: View {
    let url: URL
    let kind: Capture.Kind
    @State private var image: UIImage?

    /// Thumbnails are at most this many pixels across.
    private static let pixels = CGSize(width: 360, height: 360)

    var body: some View {
        Color.gray.opacity(0.3)
            .aspectRatio(1, contentMode: .fit)
            .overlay {
                if let image {
                    Image(uiImage: image)
                        .resizable()
                        .scaledToFill()
                }
            }
            .overlay(alignment: .bottomTrailing) {
                if kind == .movie {
                    Image(systemName: "video.fill")
                        .font(.caption)
                        .foregroundStyle(.white)
                        .padding(6)
                        .shadow(radius: 2)
                }
            }
            .clipped()
            .task(id: url) {
                switch kind {
                case .photo:
                    image = await PhotoDecoding.thumbnail(at: url, maximumSize: Self.pixels)
                case .movie:
                    image = await Poster.image(forMovieAt: url, maximumSize: Self.pixels)
                }
            }
    }
}

/// Photos decoded off the main actor. A 12 to 48 MP JPEG takes long enough to decode that doing
/// it on the main actor, once a thumbnail, stalls the gallery's scrolling; `@concurrent` runs
/// the work on the global executor while the view waits.
enum PhotoDecoding {
    /// The photo at `url`, no larger than `maximumSize` (in pixels).
    @concurrent
    nonisolated static func thumbnail(at url: URL, maximumSize: CGSize) async -> UIImage? {
        UIImage(contentsOfFile: url.path)?.preparingThumbnail(of: maximumSize)
    }

    /// The photo at `url`, decoded now rather than the first time it is drawn.
    @concurrent
    nonisolated static func fullImage(at url: URL) async -> UIImage? {
        UIImage(contentsOfFile: url.path)?.preparingForDisplay()
    }
}
#endif
