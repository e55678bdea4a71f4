import Foundation

/// The app's settings and resume points, kept in `UserDefaults`.
///
/// `UserDefaults` is one of Apple's required-reason APIs: the privacy manifest declares it
/// with reason CA92.1 (the app reads and writes its own data). This is the only file that
/// touches it; the model tests check both.
nonisolated struct PlayerDefaults: ResumeStore {
    static let resumePointsKey: String = "resumePoints"
    static let autoplayKey: String = "upNextAutoplay"

    /// nil for the app's standard defaults; the tests pass a suite of their own.
    let suiteName: String?

    init(suiteName: String? = nil) {
        self.suiteName = suiteName
    }

    func loadResumePoints() -> ResumePoints {
        guard let data = defaults.data(forKey: PlayerDefaults.resumePointsKey),
              let points = try? JSONDecoder().decode(ResumePoints.self, from: data) else { return ResumePoints() }
        return points
    }

    func saveResumePoints(_ points: ResumePoints) {
        if let data = try? JSONEncoder().encode(points) {
            defaults.set(data, forKey: PlayerDefaults.resumePointsKey)
        }
    }

    /// The library's autoplay switch; on until someone turns it off.
    var autoplay: Bool {
        defaults.object(forKey: PlayerDefaults.autoplayKey) as? Bool ?? true
    }

    func setAutoplay(_ isOn: Bool) {
        defaults.set(isOn, forKey: PlayerDefaults.autoplayKey)
    }

    /// Forgets everything: the `-resetState` launch switch.
    func reset() {
        defaults.removeObject(forKey: PlayerDefaults.resumePointsKey)
        defaults.removeObject(forKey: PlayerDefaults.autoplayKey)
    }

    private var defaults: UserDefaults {
        suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    }
}
