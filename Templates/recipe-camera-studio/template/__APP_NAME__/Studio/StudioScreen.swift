#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI
import UIKit

/// The photographer's screen: the live preview and the controls, placed by `StudioSplit`.
///
/// Closed or open and flat, the preview fills the screen and the controls float along the
/// bottom or the trailing edge, off the fold. Folded like a book, the preview takes the left
/// page and the controls the right; in tabletop the preview sits above the fold and the
/// controls below it. The same views move between these places; none is rebuilt.
///
/// The subject view for the outer display is registered here, on the view that shows the
/// capture interface, so the system presents it only while this screen is on show.
struct StudioScreen: View {
    let store: StudioStore
    let feed: LivePreview.Feed
    let openGallery: () -> Void
    /// The fold in this view's coordinates; nil when closed.
    @State private var fold: FoldFrame?
    @Environment(\.openURL) private var openURL

    /// How often the countdown, the recording time and the markers are redrawn.
    private static let tick: TimeInterval = 0.25

    var body: some View {
        StudioSplit(fold: fold, controls: visibleControls) {
            preview
                .studioRegion(.preview)
            Rectangle()
                .fill(.black.opacity(0.35))
                .allowsHitTesting(false)
                .accessibilityHidden(true)
                .studioRegion(.controls)
            // Markers before the controls, so they lie beneath them and never take a tap.
            if store.options.uiTesting {
                TestMarkerView(identifier: "studio.controls", value: "controls")
                    .studioRegion(.controls)
                TestMarkerView(identifier: "studio.fold", value: foldMarkerValue)
                    .studioRegion(.foldMarker)
            }
            // The countdown, the notice and the labels: on the preview, clear of the floating
            // controls and of the fold (`StudioLayout.previewContent`). They take no tap.
            TimelineView(.periodic(from: .now, by: Self.tick)) { _ in
                ZStack {
                    overlays
                }
            }
            .allowsHitTesting(false)
            .studioRegion(.previewContent)
            // The preview's own buttons, placed by the layout like the controls: off the fold,
            // 52 pt tall, the whole frame tappable.
            if let action = store.previewNotice?.action {
                PreviewActionButton(title: action.title, label: action.title,
                                    identifier: "studio.noticeAction") {
                    perform(action)
                }
                .studioRegion(.button(.noticeAction))
            }
            if store.isCountdownHeld {
                // Only with -holdCountdown: the count waits at its length until this is tapped.
                PreviewActionButton(title: "Start", label: "Start the self-timer",
                                    identifier: "studio.startCountdown") {
                    store.releaseCountdown()
                }
                .studioRegion(.button(.startCountdown))
            }
            StudioControls(store: store, controls: visibleControls, openGallery: openGallery)
        }
        .onFoldChange { fold = $0 }
        .background(Color.black.ignoresSafeArea())
        .overlay(alignment: .topLeading) {
            if store.options.uiTesting {
                TimelineView(.periodic(from: .now, by: Self.tick)) { _ in
                    TestMarkerView(identifier: TestMarker.studioIdentifier, value: store.studioMarker)
                        .frame(width: 1, height: 1)
                }
            }
        }
        .modifier(SubjectAccessory(store: store, feed: feed))
        .preferredColorScheme(.dark)
    }

    /// The subject view's switch shows only while the system can present the subject view.
    private var visibleControls: [StudioControl] {
        StudioControl.ordered.filter { $0 != .subjectView || store.subjectViewAvailable }
    }

    private var foldMarkerValue: String {
        guard let fold else { return "none" }
        return fold.isActive ? "active" : "inactive"
    }

    // MARK: - The preview region

    private var preview: some View {
        ZStack {
            LivePreview(feed: feed, role: .photographer, cameraID: store.camera?.uniqueID,
                        mirrored: store.isPreviewMirrored) { directions in
                Task { await store.photographerDirectionsChanged(directions) }
            }
        }
        .clipped()
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("studio.preview")
    }

    @ViewBuilder
    private var overlays: some View {
        if let secondsLeft = store.countdownSecondsLeft {
            VStack(spacing: 16) {
                // Large on the main preview too: the outer display may not be showing.
                Text("\(secondsLeft)")
                    .font(.system(size: 120, weight: .bold, design: .rounded))
                    .monospacedDigit()
                    .foregroundStyle(.white)
                    .shadow(radius: 8)
                    .accessibilityLabel("Self-timer: \(secondsLeft) seconds")
                    .accessibilityIdentifier("studio.countdown")
            }
        }
        VStack(spacing: 12) {
            if let recordingText = store.recordingText {
                Label(recordingText, systemImage: "record.circle")
                    .font(.headline.monospacedDigit())
                    .padding(.horizontal, 12)
                    .padding(.vertical, 6)
                    .background(.red, in: Capsule())
                    .accessibilityLabel("Recording, \(recordingText)")
                    .accessibilityIdentifier("studio.recordingTime")
            }
            if let label = store.previewLabel, store.isStandIn, store.previewNotice == nil {
                Text(label)
                    .font(.caption.weight(.semibold))
                    .padding(.horizontal, 10)
                    .padding(.vertical, 4)
                    .background(.black.opacity(0.6), in: Capsule())
                    .accessibilityIdentifier("studio.standInLabel")
            }
            if let message = store.message {
                Text(message)
                    .font(.footnote)
                    .padding(8)
                    .background(.black.opacity(0.6), in: RoundedRectangle(cornerRadius: 8))
            }
            Spacer()
        }
        .padding(.top, 12)
        .foregroundStyle(.white)
        if let notice = store.previewNotice {
            // No access, paused by the system, or stopped by an error: say so in words, rather
            // than leave a black preview and a dimmed shutter.
            VStack(spacing: 12) {
                Text(notice.title)
                    .font(.headline)
                    .multilineTextAlignment(.center)
                if let detail = notice.detail {
                    Text(detail)
                        .font(.subheadline)
                        .multilineTextAlignment(.center)
                }
            }
            .padding(24)
            .foregroundStyle(.white)
            .accessibilityElement(children: .contain)
            .accessibilityIdentifier("studio.notice")
        }
    }

    private func perform(_ action: PreviewNotice.Action) {
        switch action {
        case .openSettings:
            if let url = URL(string: UIApplication.openSettingsURLString) {
                openURL(url)
            }
        case .tryAgain:
            Task { await store.retry() }
        }
    }
}

/// A button on the preview: its label fills the frame the layout gives it, and so does its hit
/// region (`contentShape`), so the whole 52 pt frame takes the tap, not just the words.
struct PreviewActionButton: View {
    let title: String
    let label: String
    let identifier: String
    let action: @MainActor () -> Void

    var body: some View {
        Button(action: action) {
            Text(title)
                .font(.headline)
                .foregroundStyle(.white)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(.black.opacity(0.6), in: Capsule())
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityLabel(label)
        .accessibilityIdentifier(identifier)
    }
}
#endif
