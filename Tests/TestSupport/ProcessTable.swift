import Foundation

/// The system's process table as `/proc` shows it (Linux), for tests that must prove no process
/// of a check outlived duo-new.
package enum ProcessTable {
    package struct Entry {
        package var pid: Int32
        package var processGroup: Int32
        package var state: Character
        package var commandLine: String
    }

    package static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/stat") }

    /// Every process now, zombies included (state `Z`).
    package static func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = Int32(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the command name in parentheses: state, parent, process group, ...
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let state = fields[0].first, let group = Int32(fields[2]) else { return nil }
            let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline"))) ?? Data()
            let commandLine = String(decoding: raw.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return Entry(pid: pid, processGroup: group, state: state, commandLine: commandLine)
        }
    }

    /// Living processes whose command line holds `marker`.
    package static func living(withMarker marker: String) -> [Entry] {
        entries().filter { $0.state != "Z" && $0.commandLine.contains(marker) }
    }

    /// Living processes of the process group `group`.
    package static func living(inGroup group: Int32) -> [Entry] {
        entries().filter { $0.state != "Z" && $0.processGroup == group }
    }

    /// Waits up to `seconds` for a living process with `marker`; nil if none came.
    package static func waitFor(marker: String, seconds: Double) -> Entry? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = living(withMarker: marker).first { return found }
            usleep(20_000)
        }
        return nil
    }
}
