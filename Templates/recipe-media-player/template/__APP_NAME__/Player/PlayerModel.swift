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
        if pictureInPicture.isPictureInPictureActive {
            pictureInPicture.stopPictureInPicture()
        } else {
            pictureInPicture.startPictureInPicture()
        }
    }

    /// `VideoSurface` calls this for each host view it makes.
    func surfaceMade() {
        surfaces += 1
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
            if isRunning != session.isPlaying, session.phase != .ended, session.phase != .idle {
                session.playbackDidChange(isPlaying: isRunning, at: time)
            }
            session.timeDidChange(to: time)
        case .itemDidEnd:
            session.itemDidEnd(on: engine)
        }
    }

    private func handle(_ event: PictureInPictureEvents.Event) {
        switch event {
        case .starting, .started:
            session.isPictureInPictureActive = true
        case .stopped, .failed:
            session.isPictureInPictureActive = false
        case .restoreRequested:
            // The floating window flies back into the player, so show the player first.
            session.present()
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
