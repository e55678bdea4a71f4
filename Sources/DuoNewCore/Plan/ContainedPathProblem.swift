/// Why a path read from a file is not a contained path. Each message is defined here once; the
/// caller says which file and which entry.
public enum ContainedPathProblem: Error, Sendable, Hashable {
    case empty
    case absolute
    case emptyName
    case dot
    case dotDot
    case gitFolder
    case controlCharacter
    case separatorInName

    public var message: String {
        switch self {
        case .empty: "it is empty"
        case .absolute: "it is absolute (it starts with '/'), and only paths inside the project are allowed"
        case .emptyName: "it holds an empty name ('//', or a '/' at the end); write each name once, separated by one '/'"
        case .dot: "it holds '.' as a name; write the path without it"
        case .dotDot: "it holds '..', which leads out of its folder; only paths inside the project are allowed"
        case .gitFolder: "it names git's own folder '.git', which duo-new never writes into"
        case .controlCharacter: "it holds a newline, a tab or another control character, which breaks listings, logs and shell scripts"
        case .separatorInName: "a name cannot hold '/'"
        }
    }
}
