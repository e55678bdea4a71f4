import Foundation

/// The player's rules: what plays, where it starts, when up next appears, what happens at the
/// end, when resume points are saved, and what the background does. No AVFoundation here.
///
/// `PlayerModel` holds one session above every layout switch (in `RootView`), so folding,
/// unfolding or rotating the phone never touches it: nothing in the views starts or stops
/// playback. It passes its engine to every call that moves the player, and reports what the
/// player did by itself (time, end of item, a pause from the system) back in.
///
/// The model tests drive the same session with a stand-in engine and a hand-moved clock.
nonisolated struct PlayerSession: Sendable {
    nonisolated enum Phase: String, Sendable, Equatable {
        /// Nothing loaded.
        case idle
        case playing
        case paused
        /// Stopped at the end of an episode, with nothing starting next.
        case ended
        /// The player could not play the episode (`failure` says which and where): nothing
        /// plays until Try Again (or Play) loads it again, or another episode starts.
        case failed
    }

    /// While playing, the resume point is saved at least this often (in seconds of media).
    static let saveInterval: TimeInterval = 5
    /// The skip buttons' step.
    static let skipInterval: TimeInterval = 10

    let catalog: Catalog
    /// Where bundled media is found (see `MediaSource.url(resources:)`).
    let resources: URL
    /// Changing it (the library's autoplay switch) updates a card already showing.
    var policy: UpNextPolicy {
        didSet { refreshUpNext() }
    }
    /// `-loop`: the episode starts again at its end, and up next never shows.
    var loops: Bool {
        didSet { refreshUpNext() }
    }

    private(set) var queue: PlayQueue? = nil
    private(set) var phase: Phase = .idle
    /// The playhead as last reported, in seconds.
    private(set) var time: TimeInterval = 0
    /// The current episode's length: the catalogue's, until the player reports the real one.
    private(set) var duration: TimeInterval = 0
    private(set) var upNext: UpNextState = .hidden
    /// The full-screen player is up; otherwise, with something loaded, the mini player shows.
    private(set) var isPresented: Bool = false
    private(set) var isInBackground: Bool = false
    /// False while the app is in the background and the player is off its layer.
    private(set) var isLayerAttached: Bool = true
    /// Picture in Picture: on or off, possible now or not, a restore waiting for the player.
    /// `PlayerModel` sets it from the controller and its delegate.
    var pictureInPicture: PictureInPictureState = PictureInPictureState()
    /// Why the current episode stopped, while `phase` is `failed`.
    private(set) var failure: PlaybackFailure? = nil
    /// Whether the current item shows a picture: false for an audio file, and for any item the
    /// player reports without a video track; the player then shows the show's artwork.
    private(set) var hasPicture: Bool = true
    private(set) var resumePoints: ResumePoints
    private var lastSavedTime: TimeInterval = 0
    private let store: any ResumeStore

    init(catalog: Catalog, resources: URL, policy: UpNextPolicy = UpNextPolicy(), loops: Bool = false, store: any ResumeStore) {
        self.catalog = catalog
        self.resources = resources
        self.policy = policy
        self.loops = loops
        self.store = store
        self.resumePoints = store.loadResumePoints()
    }

    // MARK: - What the views read

    var current: Episode? {
        queue?.current
    }

    /// What up next would play: the next episode of the show, unless looping.
    var next: Episode? {
        loops ? nil : queue?.next
    }

    var isPlaying: Bool {
        phase == .playing
    }

    /// While it is on, going to the background keeps the layer: Picture in Picture shows that
    /// very layer.
    var isPictureInPictureActive: Bool {
        get { pictureInPicture.isActive }
        set { pictureInPicture.isActive = newValue }
    }

    /// The video region shows the show's artwork instead of black: an episode without a
    /// picture (audio only), or one that failed.
    var showsArtwork: Bool {
        current != nil && (!hasPicture || failure != nil)
    }

    var showsMiniPlayer: Bool {
        current != nil && !isPresented
    }

    /// Whole seconds until the next episode starts, while the card counts down.
    var upNextSecondsLeft: Int? {
        guard upNext == .counting else { return nil }
        return Int(max(0, duration - time).rounded(.up))
    }

    /// `UIApplication.isIdleTimerDisabled` follows this: the screen stays on only while a video
    /// plays full screen in front of someone, never for the mini player or in the background.
    var keepsScreenAwake: Bool {
        isPlaying && isPresented && !isInBackground
    }

    func snapshot(surfaces: Int) -> PlayerSnapshot {
        PlayerSnapshot(
            item: current?.id, isPlaying: isPlaying, time: time, upNext: upNext,
            isPictureInPictureActive: isPictureInPictureActive, surfaces: surfaces, isPresented: isPresented,
            hasFailed: failure != nil, canStartPictureInPicture: pictureInPicture.order == .start
        )
    }

    // MARK: - Orders from the person

    /// Opens the full-screen player on an episode: at `start` if given (the `-start` switch),
    /// else at its resume point. Returns false, changing nothing, for an unknown id.
    @discardableResult
    mutating func open(_ episodeID: String, at start: TimeInterval? = nil, paused: Bool = false, on engine: some PlaybackEngine) -> Bool {
        guard let queue = PlayQueue(starting: episodeID, in: catalog) else { return false }
        if current?.id == episodeID, start == nil {
            // The same episode again: come back to it as it is.
            isPresented = true
            if !paused, !isPlaying {
                play(on: engine)
            }
            return true
        }
        load(queue, at: start, paused: paused, on: engine)
        isPresented = true
        return true
    }

    mutating func play(on engine: some PlaybackEngine) {
        guard current != nil else { return }
        if phase == .failed {
            // A failed item never plays again: Play means Try Again.
            retry(on: engine)
            return
        }
        if phase == .ended {
            // Play after the end starts the episode again.
            engine.seek(to: 0)
            time = 0
            if upNext == .cancelled {
                upNext = .hidden
            }
            refreshUpNext()
        }
        engine.play()
        phase = .playing
    }

    mutating func pause(on engine: some PlaybackEngine) {
        guard phase == .playing else { return }
        engine.pause()
        phase = .paused
        time = engine.currentTime
        saveResumePoint()
    }

    mutating func togglePlay(on engine: some PlaybackEngine) {
        if isPlaying {
            pause(on: engine)
        } else {
            play(on: engine)
        }
    }

    /// Moves the playhead, kept inside the episode. Seeking back out of the up next window
    /// hides the card and forgets a Cancel.
    mutating func seek(to target: TimeInterval, on engine: some PlaybackEngine) {
        guard current != nil, phase != .failed else { return }
        let clamped: TimeInterval = min(max(0, target.isFinite ? target : 0), duration)
        engine.seek(to: clamped)
        time = clamped
        if phase == .ended, clamped < duration {
            phase = .paused
        }
        refreshUpNext()
        saveResumePoint()
    }

    /// The skip buttons: `skipInterval` back or forward.
    mutating func skip(by seconds: TimeInterval, on engine: some PlaybackEngine) {
        seek(to: time + seconds, on: engine)
    }

    /// The card's Cancel: no next episode this time; playback stops at the end.
    mutating func cancelUpNext() {
        if upNext.showsCard {
            upNext = .cancelled
        }
    }

    /// The card's Play Now, and Play Next after a failure: the next episode starts at once.
    mutating func playNow(on engine: some PlaybackEngine) {
        advance(on: engine)
    }

    /// Try Again after a failure: a new item for the same episode, from where it stopped.
    mutating func retry(on engine: some PlaybackEngine) {
        guard let failure, let queue else { return }
        load(queue, at: failure.time, paused: false, on: engine)
    }

    /// Shows the full-screen player again (tapping the mini player).
    mutating func present() {
        if current != nil {
            isPresented = true
        }
    }

    /// Closes the full-screen player. Playback goes on, and the mini player shows.
    mutating func dismiss() {
        isPresented = false
    }

    /// The mini player's close button: saves where it was and empties the player.
    mutating func stop(on engine: some PlaybackEngine) {
        guard current != nil else { return }
        if phase == .playing {
            time = engine.currentTime
        }
        saveResumePoint()
        engine.unload()
        queue = nil
        phase = .idle
        time = 0
        duration = 0
        upNext = .hidden
        failure = nil
        hasPicture = true
        isPresented = false
        pictureInPicture.cancelRestore()
    }

    /// Forgets every resume point (`-resetState`).
    mutating func resetResumePoints() {
        resumePoints = ResumePoints()
        store.saveResumePoints(resumePoints)
    }

    // MARK: - What the player and the system report

    /// The time observer's tick. Updates up next and saves the resume point now and then.
    mutating func timeDidChange(to newTime: TimeInterval) {
        guard current != nil, phase != .failed, newTime.isFinite else { return }
        time = min(max(0, newTime), duration)
        refreshUpNext()
        if phase == .playing, abs(time - lastSavedTime) >= PlayerSession.saveInterval {
            saveResumePoint()
        }
    }

    /// The player reports the episode's real length once the item is ready (a stream's
    /// catalogue entry may be rounded).
    mutating func durationDidLoad(_ seconds: TimeInterval) {
        guard current != nil, seconds.isFinite, seconds > 0 else { return }
        duration = seconds
        refreshUpNext()
    }

    /// The player started or stopped by itself: Picture in Picture's own buttons, the Lock
    /// Screen, headphones taken out, a phone call. The session follows; it orders nothing.
    mutating func playbackDidChange(isPlaying playing: Bool, at newTime: TimeInterval) {
        guard current != nil, phase != .failed, phase != .ended || playing else { return }
        if newTime.isFinite {
            time = min(max(0, newTime), duration)
        }
        let wasPlaying: Bool = phase == .playing
        phase = playing ? .playing : .paused
        if wasPlaying, !playing {
            saveResumePoint()
        }
        refreshUpNext()
    }

    /// The episode reached its end.
    ///
    /// Looping starts it again. Otherwise it counts as finished (its resume point goes), and
    /// the next episode starts if the card was counting down; after Cancel, with autoplay
    /// off or at the end of the show, playback stops at the end.
    mutating func itemDidEnd(on engine: some PlaybackEngine) {
        guard let episode = current, phase != .failed else { return }
        if loops {
            engine.seek(to: 0)
            engine.play()
            time = 0
            phase = .playing
            lastSavedTime = 0
            upNext = .hidden
            return
        }
        if resumePoints.finish(episode) {
            store.saveResumePoints(resumePoints)
        }
        time = duration
        if next != nil, policy.autoplay, upNext != .cancelled {
            advance(on: engine)
            return
        }
        engine.pause()
        phase = .ended
    }

    /// The player could not play the current item (its status turned `.failed`, or it failed
    /// to play to its end). Playback stops where it was, the place is saved, up next goes
    /// away, and the player shows the failure with Try Again and, if there is one, Play Next.
    mutating func itemDidFail(on engine: some PlaybackEngine) {
        guard let episode = current, phase != .failed else { return }
        engine.pause()
        saveResumePoint()
        failure = PlaybackFailure(episodeID: episode.id, time: time, isStreamed: !episode.media.isBundled)
        phase = .failed
        upNext = .hidden
    }

    /// The player knows whether the item has a picture (an item ready to play with no video
    /// track reports none); without one, the artwork shows.
    mutating func pictureDidLoad(hasPicture picture: Bool) {
        guard current != nil else { return }
        hasPicture = picture && !(current?.media.isAudioOnly ?? false)
    }

    /// The system asks for the player back from Picture in Picture. After the player was
    /// closed this presents it; the answer then waits for its surface (`surfaceMoved`).
    mutating func pictureInPictureRestoreRequested() -> PictureInPictureState.RestoreAnswer {
        let answer: PictureInPictureState.RestoreAnswer = pictureInPicture.restoreRequested(
            isPlayerPresented: isPresented, hasEpisode: current != nil
        )
        if answer == .afterThePlayerShows {
            isPresented = true
        }
        return answer
    }

    /// The player's video surface entered or left a window. True when a waiting restore is
    /// now done: answer the system with true.
    mutating func surfaceMoved(onScreen: Bool) -> Bool {
        pictureInPicture.surfaceMoved(onScreen: onScreen)
    }

    /// The app went to the background: save, and take the player off its layer so the sound
    /// goes on (iOS pauses a video whose layer is on screen), unless Picture in Picture is
    /// showing that layer.
    mutating func sceneDidEnterBackground(on engine: some PlaybackEngine) {
        isInBackground = true
        if phase == .playing {
            time = engine.currentTime
        }
        saveResumePoint()
        // A video playing full screen starts Picture in Picture by itself as the app leaves
        // (`canStartPictureInPictureAutomaticallyFromInline`), and the system may report that
        // start after this: while it can happen, the layer stays for it to take, and
        // `pictureInPictureEnded(on:)` takes the player off if it never starts.
        let pictureInPictureMayStart: Bool = pictureInPicture.isPossible && isPresented && phase == .playing
        if isLayerAttached, !isPictureInPictureActive, !pictureInPictureMayStart {
            engine.setLayerAttached(false)
            isLayerAttached = false
        }
    }

    /// Picture in Picture failed to start or stopped. Still in the background, the player
    /// comes off its layer, as if Picture in Picture had never been possible, so the sound goes on.
    mutating func pictureInPictureEnded(on engine: some PlaybackEngine) {
        isPictureInPictureActive = false
        if isInBackground, isLayerAttached {
            engine.setLayerAttached(false)
            isLayerAttached = false
        }
    }

    /// Back in front: the player goes back on its layer, and the same frame shows.
    mutating func sceneWillEnterForeground(on engine: some PlaybackEngine) {
        isInBackground = false
        if !isLayerAttached {
            engine.setLayerAttached(true)
            isLayerAttached = true
        }
    }

    // MARK: - Rules

    private mutating func load(_ newQueue: PlayQueue, at start: TimeInterval?, paused: Bool, on engine: some PlaybackEngine) {
        if current != nil {
            if phase == .playing {
                time = engine.currentTime
            }
            saveResumePoint()
        }
        let episode: Episode = newQueue.current
        queue = newQueue
        duration = episode.duration
        let from: TimeInterval = min(max(0, start ?? resumePoints.startTime(for: episode)), duration)
        failure = nil
        hasPicture = !episode.media.isAudioOnly
        engine.load(episode.media.url(resources: resources))
        if from > 0 {
            engine.seek(to: from)
        }
        time = from
        lastSavedTime = from
        upNext = .hidden
        refreshUpNext()
        if paused {
            engine.pause()
            phase = .paused
        } else {
            engine.play()
            phase = .playing
        }
    }

    /// Moves to the next episode (Play Now, or the end with autoplay), from its resume point.
    private mutating func advance(on engine: some PlaybackEngine) {
        guard var newQueue = queue, !loops, newQueue.advance() else { return }
        load(newQueue, at: nil, paused: false, on: engine)
    }

    /// Shows the card inside the window, hides it outside; a Cancel lasts until the playhead
    /// leaves the window or the episode changes.
    private mutating func refreshUpNext() {
        guard current != nil, phase != .failed, next != nil, policy.isInWindow(time: time, duration: duration) else {
            upNext = .hidden
            return
        }
        switch upNext {
        case .cancelled:
            return
        case .hidden, .counting, .offered:
            upNext = policy.autoplay ? .counting : .offered
        }
    }

    private mutating func saveResumePoint() {
        guard let episode = current else { return }
        lastSavedTime = time
        if resumePoints.record(time, of: episode) {
            store.saveResumePoints(resumePoints)
        }
    }
}
