/// What the shared helpers throw when something a test relies on is missing. The helpers are a
/// plain library (so every test target can link them, and a release build of the package still
/// builds), which Swift Testing's macros are not for; a test that calls one sees the error as
/// its failure, with this message.
package struct SupportFailure: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// `value`, or a `SupportFailure` saying what was missing.
package func required<T>(_ value: T?, _ message: @autoclosure () -> String = "a value the test needs is missing") throws -> T {
    guard let value else { throw SupportFailure(message()) }
    return value
}

/// Nothing when `condition` holds, else a `SupportFailure` with `message`.
package func required(_ condition: Bool, _ message: @autoclosure () -> String = "a condition the test needs does not hold") throws {
    guard condition else { throw SupportFailure(message()) }
}
