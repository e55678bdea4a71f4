import Foundation

/// A copy of a folder of the checkout with the modes a clone made under umask 022 has: 0755 for
/// a folder and for a file git records executable, 0644 for any other file.
///
/// Git keeps only a file's executable bit; the rest of a checkout's modes come from the umask
/// of whoever cloned it (0600 and 0700 under 077), and duo-new rightly carries a recipe's modes
/// into what it generates. A test that compares generated modes with fixed ones generates from
/// such a copy, under a umask it sets itself, so it passes wherever and by whomever the
/// checkout was made.
package enum GitModeCopy {
    package static func copy(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        try manager.copyItem(at: source, to: destination)
        let paths = [""] + (try required(manager.subpaths(atPath: destination.path)))
        for path in paths {
            let url = path.isEmpty ? destination : destination.appendingPathComponent(path)
            let attributes = try manager.attributesOfItem(atPath: url.path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            case .typeRegular?:
                // A clone honours the executable bit for its owner whatever the umask.
                try manager.setAttributes([.posixPermissions: mode & 0o100 != 0 ? 0o755 : 0o644], ofItemAtPath: url.path)
            default:
                continue   // a link has no mode of its own to set
            }
        }
    }
}
