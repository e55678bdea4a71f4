import Foundation

/// The cameras the studio knows about on iPhone Duo.
nonisolated enum CameraKind: String, Sendable, Equatable {
    /// `.builtInWideAngleCamera` at `.back`: it films the subject.
    case rearWide
    /// What a front-camera discovery session returns on iPhone Duo: a virtual device that streams
    /// from the inner camera while open and the outer camera while closed.
    case virtualFront
    /// `.builtInInnerUltraWideCamera`, under the inner display.
    case innerUltraWide
    /// `.builtInOuterUltraWideCamera`, beside the outer display.
    case outerUltraWide
}
