#if canImport(AVFoundation) && canImport(UIKit)
import AVFoundation

/// The real player behind `PlaybackEngine`: the model's one `AVPlayer` and its layer.
///
/// `PlayerSession` gives the orders; this class carries them out and reports what the player
/// does by itself (time passing, the end of an item, the item becoming ready or failing, a pause
/// nobody in the app asked for) through `onEvent`. It lives on the main actor, so its conformance is
/// isolated to it: the session's methods run synchronously on the caller's actor.
final class AVPlayerEngine {
    /// What the player did by itself, for `PlayerModel` to pass to the session.
    enum Event {
        /// The time observer's tick, with whether the player is playing (true), paused (false)
        /// or waiting for media (nil: a stall, or a start still buffering, is neither), and the
        /// item's length once known.
        case tick(time: TimeInterval, isRunning: Bool?, duration: TimeInterval?)
        case itemDidEnd
        /// The item can't be played: its status turned `.failed` (an `https` episode with no
        /// connection, a damaged file), or it failed to play to its end (a stream cut off).
        case itemDidFail
        /// The item is ready, and has a picture or not (an audio-only item presents no size).
        case pictureKnown(hasPicture: Bool)
    }

    let player: AVPlayer
    let layer: AVPlayerLayer
    var onEvent: (Event) -> Void = { _ in }

    private var timeObserver: Any?
    private var endObserver: (any NSObjectProtocol)?
    private var failureObserver: (any NSObjectProtocol)?
    private var statusObservation: NSKeyValueObservation?
    /// A seek asked for before the item could play; made again once it can.
    private var pendingSeek: TimeInterval?

    init(player: AVPlayer, layer: AVPlayerLayer) {
        self.player = player
        self.layer = layer
        // At the end of an item the player waits; the session decides what comes next.
        player.actionAtItemEnd = .pause
        let interval = CMTime(seconds: PlayerFacts.timeObserverInterval, preferredTimescale: 600)
        // AVPlayer also calls this when playback starts or stops and when time jumps, so the
        // session learns of a pause from the system (a call, headphones out) as it happens.
        timeObserver = player.addPeriodicTimeObserver(forInterval: interval, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.tick()
            }
        }
    }

    /// Reports the player's time, whether it runs, and the item's length once it is known.
    func tick() {
        let duration: TimeInterval? = player.currentItem.flatMap { item in
            let seconds = item.duration.seconds
            return item.status == .readyToPlay && seconds.isFinite && seconds > 0 ? seconds : nil
        }
        // `timeControlStatus`, not `rate`: the rate is the one asked for, and stays 1 through a
        // stall, when nothing plays.
        let isRunning: Bool? = switch player.timeControlStatus {
        case .playing: true
        case .paused: false
        case .waitingToPlayAtSpecifiedRate: nil
        @unknown default: nil
        }
        onEvent(.tick(time: currentTime, isRunning: isRunning, duration: duration))
    }

    private func itemStatusChanged() {
        guard let item = player.currentItem else { return }
        switch item.status {
        case .failed:
            // A failed item never plays again; the session shows Try Again, which loads a new one.
            pendingSeek = nil
            onEvent(.itemDidFail)
        case .readyToPlay:
            if let pendingSeek {
                self.pendingSeek = nil
                seek(to: pendingSeek)
            }
            onEvent(.pictureKnown(hasPicture: item.presentationSize != .zero))
            tick()
        default:
            break
        }
    }

    /// Stops listening to the item's end and failure notifications.
    private func removeItemObservers() {
        for observer in [endObserver, failureObserver].compactMap({ $0 }) {
            NotificationCenter.default.removeObserver(observer)
        }
        endObserver = nil
        failureObserver = nil
    }
}

extension AVPlayerEngine: @MainActor PlaybackEngine {
    var currentTime: TimeInterval {
        let seconds = player.currentTime().seconds
        return seconds.isFinite ? max(0, seconds) : 0
    }

    func load(_ url: URL) {
        player.pause()
        pendingSeek = nil
        let item = AVPlayerItem(url: url)
        removeItemObservers()
        // Only this item's end and failure count; an item replaced before its end says nothing.
        endObserver = NotificationCenter.default.addObserver(
            forName: AVPlayerItem.didPlayToEndTimeNotification, object: item, queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.onEvent(.itemDidEnd)
            }
        }
        failureObserver = NotificationCenter.default.addObserver(
            forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: item, queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.onEvent(.itemDidFail)
            }
        }
        statusObservation = item.observe(\.status, options: [.new]) { @Sendable [weak self] _, _ in
            Task { @MainActor in
                self?.itemStatusChanged()
            }
        }
        player.replaceCurrentItem(with: item)
    }

    func unload() {
        player.pause()
        pendingSeek = nil
        statusObservation = nil
        removeItemObservers()
        player.replaceCurrentItem(with: nil)
    }

    func play() {
        player.play()
    }

    func pause() {
        player.pause()
    }

    func seek(to time: TimeInterval) {
        if player.currentItem?.status != .readyToPlay {
            pendingSeek = time
        }
        // Exact, so a paused player shows the very frame the time marker names.
        player.seek(to: CMTime(seconds: time, preferredTimescale: 600), toleranceBefore: .zero, toleranceAfter: .zero)
    }

    func setLayerAttached(_ attached: Bool) {
        layer.player = attached ? player : nil
    }
}
#endif
