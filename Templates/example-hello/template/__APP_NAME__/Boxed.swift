// Generated with '--set style=boxed': the greeting in a frame of stars.
func frame(_ line: String) -> String {
    let edge = String(repeating: "*", count: line.count + 4)
    return "\(edge)\n* \(line) *\n\(edge)"
}
