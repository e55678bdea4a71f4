#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVKit)
import SwiftUI

/// Every control of the player on one glass panel: the title and Close, the up next card (or,
/// when the episode can't be played, the problem card with Try Again), the scrubber with the times, and the buttons (skip back, play or pause, skip forward, Picture in
/// Picture where the system supports it, AirPlay).
///
/// `FoldRegionsLayout` places this panel: floating at the bottom closed and open, the trailing
/// region in book pose, below the fold in tabletop. The up next card is part of the panel, so
/// it moves with the controls and never sits on the fold on its own.
struct PlayerControls: View {
    let player: PlayerModel
    let upNextButtonsOnOwnRow: Bool
    /// The scrubber's position: the player's time, or where a finger drags it. The player
    /// seeks when the finger lets go.
    @State private var position: TimeInterval = 0
    @State private var isScrubbing = false

    var body: some View {
        VStack(spacing: 12) {
            header
            if let failure = player.failure {
                PlaybackProblemCard(player: player, failure: failure, buttonsOnOwnRow: upNextButtonsOnOwnRow)
            } else if player.upNext.showsCard, let next = player.nextEpisode {
                UpNextCard(player: player, next: next, buttonsOnOwnRow: upNextButtonsOnOwnRow)
            }
            scrubber
            buttons
        }
        .padding(16)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
        .glassEffect(.regular, in: RoundedRectangle(cornerRadius: 28))
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("player.controls")
    }

    private var header: some View {
        HStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 2) {
                Text(player.episode?.title ?? "")
                    .font(.headline)
                    .lineLimit(1)
                Text(player.show?.title ?? "")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            Spacer(minLength: 0)
            IconButton(title: "Close Player", systemImage: "chevron.down") {
                player.close()
            }
            .accessibilityIdentifier("player.close")
        }
    }

    private var scrubber: some View {
        let time = isScrubbing ? position : player.time
        let duration = max(player.duration, 0.1)
        return VStack(spacing: 2) {
            Slider(value: $position, in: 0...duration) { editing in
                isScrubbing = editing
                if !editing {
                    player.seek(to: position)
                }
            }
            .onChange(of: player.time, initial: true) { _, newTime in
                if !isScrubbing {
                    position = min(newTime, duration)
                }
            }
            // No minimum frame here: a frame around a Slider pads only its container, never the
            // track's hit region, which the system sets (the UI test checks its width, not 44 pt).
            .accessibilityLabel("Position")
            .accessibilityValue(TimeText.spokenProgress(time, of: duration))
            // VoiceOver's swipe up or down moves the Slider's value without the editing callback
            // that seeks, so it would show a new position and play on from the old one: the
            // adjustment seeks itself, by the skip buttons' step.
            .accessibilityAdjustableAction { direction in
                let step: TimeInterval = PlayerSession.skipInterval
                switch direction {
                case .increment:
                    player.seek(to: min(duration, player.time + step))
                case .decrement:
                    player.seek(to: max(0, player.time - step))
                @unknown default:
                    break
                }
            }
            .accessibilityIdentifier("player.scrubber")
            HStack {
                Text(TimeText.clock(time))
                    .accessibilityIdentifier("player.time")
                Spacer()
                Text(TimeText.remaining(time, of: duration))
                    .accessibilityLabel("\(TimeText.spoken(max(0, duration - time))) left")
            }
            .font(.caption.monospacedDigit())
            .foregroundStyle(.secondary)
        }
    }

    private var buttons: some View {
        HStack(spacing: 8) {
            RoutePickerButton()
                .frame(width: IconButton.minimumSize, height: IconButton.minimumSize)
                .accessibilityLabel("AirPlay")
                .accessibilityIdentifier("player.airplay")
            Spacer(minLength: 0)
            IconButton(title: "Back 10 Seconds", systemImage: "gobackward.10") {
                player.skip(forward: false)
            }
            .accessibilityIdentifier("player.skipBack")
            IconButton(
                title: player.isPlaying ? "Pause" : "Play",
                systemImage: player.isPlaying ? "pause.fill" : "play.fill",
                size: 56, symbolScale: .largeTitle
            ) {
                player.togglePlay()
            }
            .accessibilityIdentifier("player.playPause")
            IconButton(title: "Forward 10 Seconds", systemImage: "goforward.10") {
                player.skip(forward: true)
            }
            .accessibilityIdentifier("player.skipForward")
            Spacer(minLength: 0)
            if player.supportsPictureInPicture {
                IconButton(
                    title: player.isPictureInPictureActive ? "Stop Picture in Picture" : "Picture in Picture",
                    systemImage: player.isPictureInPictureActive ? "pip.exit" : "pip.enter"
                ) {
                    player.togglePictureInPicture()
                }
                // Until the system can start it (the item not ready, another app's Picture in
                // Picture showing), the button waits rather than tapping into nothing.
                .disabled(!player.canTogglePictureInPicture)
                .accessibilityIdentifier("player.pip")
            } else {
                // Keeps the play button centred where the system offers no Picture in Picture.
                Color.clear
                    .frame(width: IconButton.minimumSize, height: IconButton.minimumSize)
                    .accessibilityHidden(true)
            }
        }
    }
}
#endif
