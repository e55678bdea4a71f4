import Foundation

/// The capture under way in a backend, if any: one photo, or one recording, at a time.
///
/// A second capture while one is under way is refused as busy, and the slot is emptied however
/// the first one ends: success, an error from the camera, or a file that could not be written.
/// Both backends take the slot first and free it with `defer`, so one failed photo can never
/// leave the shutter busy until the app is relaunched; the model tests check that a photo after
/// a failed photo, and a recording after a failed recording, both succeed.
nonisolated struct CaptureSlot<Item: Sendable>: Sendable {
    private(set) var item: Item?

    init() {}

    var isTaken: Bool {
        item != nil
    }

    /// Holds `item` for the capture now starting; throws `.busy` while another is under way.
    mutating func take(_ newItem: Item) throws(CaptureError) {
        guard item == nil else { throw CaptureError.busy }
        item = newItem
    }

    /// Empties the slot and returns what it held.
    @discardableResult
    mutating func free() -> Item? {
        defer { item = nil }
        return item
    }
}
