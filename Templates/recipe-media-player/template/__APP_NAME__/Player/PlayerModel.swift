#if canImport(AVKit) && canImport(UIKit)
import AVFoundation
import AVKit
import Observation

/// The one player of the app: its `AVPlayer`, its `AVPlayerLayer`, its Picture in Picture
/// controller, and the session that decides what they do.
///
/// `RootView` holds this model in `@State`, above every layout switch, and presents the player
/// screen from there. Folding, unfolding or rotating the phone rebuilds views below the root,
/// never this model: the player, its layer and the time it is at carry on untouched, and the
/// views only show them. Nothing in the views starts or stops playback by appearing; every
/// order comes from a button through a method here.
///
/// The rules (where an episode starts, up next, the end of an episode, resume points, the
/// background) live in the portable `PlayerSession`, which the model tests run against a
/// stand-in engine. This class connects that session to AVFoundation and AVKit.
@Observable
final class PlayerModel {
    /// The one player. Views never make another.
    @ObservationIgnored let player: AVPlayer
    /// The one layer showing it; `VideoSurface` hosts this very layer.
    @ObservationIgnored let playerLayer: AVPlayerLayer
    /// Nil where Picture in Picture is unsupported (the iPhone Duo simulator among them).
    @ObservationIgnored private(set) var pictureInPicture: AVPictureInPictureController?
    @ObservationIgnored private let engine: AVPlayerEngine
    @ObservationIgnored private let defaults: PlayerDefaults
    @ObservationIgnored private var pictureInPictureEvents: PictureInPictureEvents?
    @ObservationIgnored private var pictureInPicturePossibility: NSKeyValueObservation?
    /// The system's restore handler, kept until the player's surface is in a window again.
    @ObservationIgnored private var pendingRestore: (@Sendable (Bool) -> Void)?
    /// Video surfaces made by the views so far, for the `player.state` marker. Not observed:
    /// it changes while SwiftUI builds a view, and the marker redraws on a timer anyway.
    @ObservationIgnored private(set) var surfaces: Int = 0
    @ObservationIgnored private var audioSessionActive = false

    /// The rules, and everything the screens show.
    private(set) var session: PlayerSession

    init(catalog: Catalog, resources: URL, defaults: PlayerDefaults, options: LaunchOptions) {
        let player = AVPlayer()
        let playerLayer = AVPlayerLayer(player: player)
        playerLayer.videoGravity = .resizeAspect
        self.player = player
        self.playerLayer = playerLayer
        self.defaults = defaults
        engine = AVPlayerEngine(player: player, layer: playerLayer)
        session = PlayerSession(
            catalog: catalog, resources: resources,
            policy: options.policy(savedAutoplay: defaults.autoplay), loops: options.loop, store: defaults
        )
        engine.onEvent = { [weak self] event in
            self?.handle(event)
        }
        configureAudioSession()
        if AVPictureInPictureController.isPictureInPictureSupported(),
           let controller = AVPictureInPictureController(playerLayer: playerLayer) {
            let events = PictureInPictureEvents { [weak self] event in
                self?.handle(event)
            }
            controller.delegate = events
            // Going home while a video plays full screen continues it in Picture in Picture.
            controller.canStartPictureInPictureAutomaticallyFromInline = true
            pictureInPicture = controller
            pictureInPictureEvents = events
            // Possible only once the item can play, and not while another app holds Picture
            // in Picture: the button follows it.
            pictureInPicturePossibility = controller.observe(\.isPictureInPicturePossible, options: [.initial, .new]) { @Sendable [weak self] _, _ in
                Task { @MainActor in
                    self?.pictureInPicturePossibilityChanged()
                }
            }
        }
        if let episodeID = options.play {
            open(episodeID, at: options.start, paused: options.paused)
        }
    }

    // MARK: - What the screens read

    var episode: Episode? { session.current }
    var show: Show? { session.current.flatMap { session.catalog.show(of: $0) } }
    var nextEpisode: Episode? { session.next }
    var isPlaying: Bool { session.isPlaying }
    var time: TimeInterval { session.time }
    var duration: TimeInterval { session.duration }
    var upNext: UpNextState { session.upNext }
    var upNextSecondsLeft: Int? { session.upNextSecondsLeft }
    /// The full-screen player is up. Setting it false closes the player (the sound goes on and
    /// the mini player shows); true opens it again on what plays.
    var isPresented: Bool {
        get { session.isPresented }
        set {
            if newValue {
                session.present()
            } else {
                session.dismiss()
            }
        }
    }
    var showsMiniPlayer: Bool { session.showsMiniPlayer }
    var keepsScreenAwake: Bool { session.keepsScreenAwake }
    /// Whether the next episode starts by itself at the end (the library's options menu); kept
    /// between launches.
    var autoplay: Bool {
        get { session.policy.autoplay }
        set {
            session.policy.autoplay = newValue
            defaults.setAutoplay(newValue)
        }
    }
    var supportsPictureInPicture: Bool { pictureInPicture != nil }
    var isPictureInPictureActive: Bool { session.isPictureInPictureActive }
    /// The Picture in Picture button can do something now (start it where possible, or stop it).
    var canTogglePictureInPicture: Bool { session.pictureInPicture.canToggle }
    /// Why the episode stopped, while it can't be played; the controls show it with Try Again.
    var failure: PlaybackFailure? { session.failure }
    /// Show the show's artwork in the video region: no picture (audio only), or a failure.
    var showsArtwork: Bool { session.showsArtwork }

    /// Where an episode was left, as "0:05", or nil when it would start from the beginning.
    func resumeText(for episode: Episode) -> String? {
        let start = session.resumePoints.startTime(for: episode)
        return start > 0 ? TimeText.clock(start) : nil
    }

    /// The `player.state` test marker.
    var marker: String {
        PlayerMarker.player(session.snapshot(surfaces: surfaces))
    }

    // MARK: - Orders from the buttons

    /// Opens the full-screen player on an episode, from its resume point.
    func play(_ episode: Episode) {
        open(episode.id, at: nil, paused: false)
    }

    func togglePlay() {
        activateAudioSession()
        session.togglePlay(on: engine)
    }

    func skip(forward: Bool) {
        session.skip(by: forward ? PlayerSession.skipInterval : -PlayerSession.skipInterval, on: engine)
    }

    func seek(to time: TimeInterval) {
        session.seek(to: time, on: engine)
    }

    func playNow() {
        activateAudioSession()
        session.playNow(on: engine)
    }

    func cancelUpNext() {
        session.cancelUpNext()
    }

    /// Try Again, after a failure: a new item for the same episode, from where it stopped.
    func retry() {
        activateAudioSession()
        session.retry(on: engine)
    }

    /// Back to the full-screen player from the mini player.
    func open() {
        session.present()
    }

    /// Closes the full-screen player; the sound goes on and the mini player shows.
    func close() {
        session.dismiss()
    }

    /// The mini player's close button: saves where it was and empties the player.
    func stop() {
        session.stop(on: engine)
    }

    func togglePictureInPicture() {
        guard let pictureInPicture else { return }
        switch session.pictureInPicture.order {
        case .stop:
            pictureInPicture.stopPictureInPicture()
        case .start where pictureInPicture.isPictureInPicturePossible:
            pictureInPicture.startPictureInPicture()
        case .start, .none:
            break
        }
    }

    /// `VideoSurface` calls this for each host view it makes.
    func surfaceMade() {
        surfaces += 1
    }

    /// `VideoSurface`'s host view entered or left a window. A restore from Picture in Picture
    /// that waited for the player is answered now: the player is on screen for the video to
    /// fly back into.
    func surfaceMoved(onScreen: Bool) {
        guard session.surfaceMoved(onScreen: onScreen), let finish = pendingRestore else { return }
        pendingRestore = nil
        finish(true)
    }

    // MARK: - The scene

    /// The app left the screen: the session saves and takes the player off its layer, because
    /// iOS pauses a video whose layer is still on screen; off the layer, the sound goes on.
    /// With Picture in Picture on, the layer stays: the floating window shows it.
    func sceneMovedToBackground() {
        session.sceneDidEnterBackground(on: engine)
    }

    /// Back in front: the player goes back on its layer, on the same frame.
    func sceneMovedToForeground() {
        session.sceneWillEnterForeground(on: engine)
    }

    // MARK: - Reports from the player

    private func open(_ episodeID: String, at start: TimeInterval?, paused: Bool) {
        if !paused {
            activateAudioSession()
        }
        session.open(episodeID, at: start, paused: paused, on: engine)
    }

    private func handle(_ event: AVPlayerEngine.Event) {
        switch event {
        case .tick(let time, let isRunning, let duration):
            if let duration, abs(duration - session.duration) > 0.01 {
                session.durationDidLoad(duration)
            }
            // A pause or a start nobody in the app asked for: Picture in Picture's own
            // buttons, the Lock Screen, a call, headphones taken out.
            // A player waiting for media (nil) has neither started nor paused.
            if let isRunning, isRunning != session.isPlaying, session.phase != .ended, session.phase != .idle {
                session.playbackDidChange(isPlaying: isRunning, at: time)
            }
            session.timeDidChange(to: time)
        case .itemDidEnd:
            session.itemDidEnd(on: engine)
        case .itemDidFail:
            session.itemDidFail(on: engine)
        case .pictureKnown(let hasPicture):
            session.pictureDidLoad(hasPicture: hasPicture)
        }
    }

    private func pictureInPicturePossibilityChanged() {
        session.pictureInPicture.isPossible = pictureInPicture?.isPictureInPicturePossible ?? false
    }

    private func handle(_ event: PictureInPictureEvents.Event) {
        switch event {
        case .starting, .started:
            session.isPictureInPictureActive = true
        case .stopped, .failed:
            session.pictureInPictureEnded(on: engine)
        case .restoreRequested(let finish):
            // An earlier request still waiting will not be finished now.
            pendingRestore?(false)
            pendingRestore = nil
            switch session.pictureInPictureRestoreRequested() {
            case .restoredNow:
                finish(true)
            case .afterThePlayerShows:
                // The session presented the player; `surfaceMoved(onScreen:)` answers.
                pendingRestore = finish
            case .nothingToRestore:
                finish(false)
            }
        }
    }

    // MARK: - Audio

    /// The playback category: sound goes on with the ring/silent switch set to silent and in
    /// the background (with `UIBackgroundModes` = `audio` in Info.plist).
    private func configureAudioSession() {
        do {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback)
        } catch {
            print("PlayerModel: the audio session refused the playback category: \(error)")
        }
    }

    /// Activated on the first play, not at launch, so opening the app doesn't stop other
    /// apps' sound.
    private func activateAudioSession() {
        guard !audioSessionActive else { return }
        do {
            try AVAudioSession.sharedInstance().setActive(true)
            audioSessionActive = true
        } catch {
            print("PlayerModel: the audio session could not be activated: \(error)")
        }
    }
}
#endif
