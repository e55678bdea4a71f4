import Foundation

/// Where a camera sits on the hardware, as `AVCaptureDevice.Position` reports it.
///
/// On iPhone Duo both the inner and the outer front cameras report `.front`, so the position
/// says nothing about whom a camera points at; `CameraDirectionMap` does.
nonisolated enum CameraPosition: String, Sendable, Equatable {
    case front
    case back
    case unspecified
}
