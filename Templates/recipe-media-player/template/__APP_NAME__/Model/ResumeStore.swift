import Foundation

/// Where resume points are kept between launches. Injected, so the model tests use a store in
/// memory and the app uses `PlayerDefaults`.
nonisolated protocol ResumeStore: Sendable {
    func loadResumePoints() -> ResumePoints
    func saveResumePoints(_ points: ResumePoints)
}
