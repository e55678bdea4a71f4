#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// The shutter: 76 pt, the largest control, white for photos and red for video.
///
/// Its look says what a tap does now: take a photo, start recording, stop recording, or
/// cancel the self-timer. The same words go to VoiceOver.
struct ShutterButton: View {
    enum Action: Equatable {
        case takePhoto
        case startRecording
        case stopRecording
        case cancelCountdown
        case busy
    }

    let action: Action
    let perform: @MainActor () -> Void

    var body: some View {
        Button(action: perform) {
            ZStack {
                Circle()
                    .strokeBorder(.white, lineWidth: 5)
                core
            }
            .frame(width: StudioLayout.shutterDiameter, height: StudioLayout.shutterDiameter)
            .contentShape(Circle())
        }
        .buttonStyle(.plain)
        .disabled(action == .busy)
        .accessibilityLabel(title)
        .accessibilityIdentifier(StudioControl.shutter.accessibilityIdentifier)
    }

    @ViewBuilder
    private var core: some View {
        switch action {
        case .takePhoto, .busy:
            Circle()
                .fill(.white)
                .padding(9)
                .opacity(action == .busy ? 0.4 : 1)
        case .startRecording:
            Circle()
                .fill(.red)
                .padding(9)
        case .stopRecording:
            RoundedRectangle(cornerRadius: 6)
                .fill(.red)
                .padding(24)
        case .cancelCountdown:
            Image(systemName: "xmark")
                .font(.title.weight(.bold))
                .foregroundStyle(.white)
        }
    }

    /// What VoiceOver reads, and what the button does.
    var title: String {
        switch action {
        case .takePhoto: "Take Photo"
        case .startRecording: "Start Recording"
        case .stopRecording: "Stop Recording"
        case .cancelCountdown: "Cancel Self-Timer"
        case .busy: "Saving"
        }
    }
}
#endif
