#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The studio's controls, one subview each, so `StudioSplit` can place every one in the
/// controls' region at the frame `StudioLayout` gives it.
///
/// Every control is at least 44 pt (52 pt here, the shutter 76 pt) and has a title for
/// VoiceOver. The same controls serve every pose; only where they sit changes.
struct StudioControls: View {
    let store: StudioStore
    let controls: [StudioControl]
    let openGallery: () -> Void

    var body: some View {
        ForEach(controls, id: \.self) { control in
            button(for: control)
                .studioRegion(.control(control))
        }
    }

    @ViewBuilder
    private func button(for control: StudioControl) -> some View {
        switch control {
        case .shutter:
            ShutterButton(action: shutterAction) {
                store.pressShutter()
            }
        case .gallery:
            RoundControl(control: control, title: "Gallery", systemImage: "photo.on.rectangle", caption: nil) {
                openGallery()
            }
            .disabled(isBusy)
        case .timer:
            RoundControl(control: control, title: "Self-Timer, \(store.timer.label)", systemImage: "timer",
                         caption: store.timer.label) {
                store.cycleTimer()
            }
            .disabled(store.phase != .ready)
        case .mode:
            RoundControl(control: control, title: store.mode == .photo ? "Switch to Video" : "Switch to Photo",
                         systemImage: store.mode == .photo ? "video" : "camera", caption: store.mode.toggled.label) {
                Task { await store.setMode(store.mode.toggled) }
            }
            .disabled(store.phase != .ready)
        case .switchCamera:
            RoundControl(control: control, title: "Switch Camera", systemImage: "arrow.triangle.2.circlepath.camera",
                         caption: nil) {
                Task { await store.switchCamera() }
            }
            .disabled(store.phase != .ready)
        case .subjectView:
            RoundControl(control: control,
                         title: store.subjectViewEnabled ? "Hide Subject View" : "Show Subject View",
                         systemImage: store.subjectViewEnabled ? "eye" : "eye.slash", caption: nil) {
                store.subjectViewEnabled.toggle()
            }
        }
    }

    /// What a tap on the shutter does now.
    private var shutterAction: ShutterButton.Action {
        switch store.phase {
        case .ready: store.mode == .photo ? .takePhoto : .startRecording
        case .countingDown: .cancelCountdown
        case .recording: .stopRecording
        default: .busy
        }
    }

    /// While a countdown, a capture or a recording is under way, leaving the studio would lose it.
    private var isBusy: Bool {
        switch store.phase {
        case .countingDown, .takingPhoto, .recording, .saving: true
        default: false
        }
    }
}

/// A round 52 pt control with an icon and an optional caption, filling the frame it is given.
private struct RoundControl: View {
    let control: StudioControl
    let title: String
    let systemImage: String
    let caption: String?
    let action: @MainActor () -> Void

    var body: some View {
        Button(action: action) {
            VStack(spacing: 2) {
                Image(systemName: systemImage)
                    .font(.system(size: 18, weight: .semibold))
                if let caption {
                    Text(caption)
                        .font(.system(size: 10, weight: .semibold))
                        .lineLimit(1)
                        .minimumScaleFactor(0.7)
                }
            }
            .foregroundStyle(.white)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(.black.opacity(0.45), in: Circle())
            // The whole square the layout measured takes the tap, not only the circle drawn in
            // it: the layout keeps squares apart, and the 44 pt rule is about the square.
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .frame(minWidth: StudioLayout.minimumControlSize, minHeight: StudioLayout.minimumControlSize)
        .accessibilityLabel(title)
        .accessibilityIdentifier(control.accessibilityIdentifier)
    }
}
#endif
