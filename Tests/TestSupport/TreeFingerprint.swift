import DuoNewCore
import DuoNewKit
import Foundation

/// A generated tree as text, one line per entry, sorted by path with `LC_ALL=C sort`'s order:
///
///     file 644 <sha-256 of the contents> README.md
///     dir 755 - Sitter
///     link 777 <target> Sitter/Current
///
/// `.duo-new.json` is left out: it records the generator and layers, which may change without
/// the project changing. `scripts/update-camera-listing.sh` writes the same lines with
/// `find`, `stat` and `sha256sum`, so a listing can be checked with either.
package enum TreeFingerprint {
    package static func lines(of root: URL) throws -> [String] {
        let manager = FileManager.default
        let paths = try required(manager.subpaths(atPath: root.path)).filter { $0 != ".duo-new.json" }
        return try paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { path in
            let url = root.appendingPathComponent(path)
            let attributes = try manager.attributesOfItem(atPath: url.path)
            let mode = String((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0, radix: 8)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?:
                return "link \(mode) \(try manager.destinationOfSymbolicLink(atPath: url.path)) \(path)"
            case .typeDirectory?:
                return "dir \(mode) - \(path)"
            default:
                return "file \(mode) \(SHA256.hex(Array(try Data(contentsOf: url)))) \(path)"
            }
        }
    }
}

