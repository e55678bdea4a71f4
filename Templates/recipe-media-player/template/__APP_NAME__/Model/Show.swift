import Foundation

/// A show: a title, the look of its drawn artwork, and its episodes in order.
nonisolated struct Show: Sendable, Equatable, Identifiable {
    let id: String
    let title: String
    let host: String
    let summary: String
    /// The artwork's colour, a hue from 0 to 1, and an SF Symbol drawn over it. Drawn artwork
    /// needs no image files; swap it for `AsyncImage` when your catalogue has image addresses.
    let hue: Double
    let symbol: String
    /// Numbered 1, 2, 3 in this order.
    let episodes: [Episode]
}
