import DuoNewCore
import Testing

/// Versions compare part by part at any length (issue 42, finding 13): a part beyond Int64 read
/// as 0 let `1.0.99999999999999999999` go to `1.0.5` without `--allow-downgrade`.
@Suite struct UpdateDirectionTests {
    private static func direction(_ recorded: String, _ found: String) -> UpdateDirection {
        UpdateDirection.between(recordedName: "r", recordedVersion: recorded, name: "r", version: found)
    }

    @Test func numericPartsOfAnyLengthCompareAsNumbers() {
        #expect(Self.direction("1.0.99999999999999999999", "1.0.5") == .older)
        #expect(Self.direction("1.0.5", "1.0.99999999999999999999") == .newer)
        #expect(Self.direction("1.0.99999999999999999999", "1.0.100000000000000000000") == .newer)
        #expect(Self.direction("1.0.99999999999999999999", "1.0.99999999999999999999") == .same)
        #expect(Self.direction("1.0.0099999999999999999999", "1.0.99999999999999999999") == .same)
        #expect(Self.direction("18446744073709551616", "9223372036854775807") == .older)
        #expect(Self.direction("2.0.0-rc.99999999999999999999", "2.0.0-rc.3") == .older)
    }
}
