import DuoNewCore
import Foundation

/// Where a project's recipe came from, as `.duo-new.json` keeps it under `source`, so `check`
/// and `update` find it again without `--templates`: bundled with duo-new (and which version of
/// duo-new carried it), a folder of recipes (as the user gave it, and resolved to an absolute
/// path), or a git repository (the URL as given, its `#ref`, and the commit used).
public struct RecipeSource: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case bundled, folder, git
    }

    public var kind: Kind
    /// `bundled`: the version of duo-new whose recipes these were.
    public var duoNewVersion: String?
    /// `folder`: the folder of recipes as given (`--templates ./tp`, `DUO_NEW_TEMPLATES`, the
    /// config's `templates`, or the folder above a recipe given by its path).
    public var given: String?
    /// `folder`: the same folder as an absolute path, which `check` and `update` use.
    public var resolved: String?
    /// `git`: the URL as given, `git+` and `#ref` included.
    public var url: String?
    /// `git`: the ref after `#` (a branch, a tag or a commit id); absent for the default branch.
    public var ref: String?
    /// `git`: the commit the recipe was taken from.
    public var commit: String?
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, duoNewVersion, given, resolved, url, ref, commit
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(kind: Kind, duoNewVersion: String? = nil, given: String? = nil, resolved: String? = nil, url: String? = nil, ref: String? = nil, commit: String? = nil) {
        (self.kind, self.duoNewVersion, self.given, self.resolved, self.url, self.ref, self.commit) = (kind, duoNewVersion, given, resolved, url, ref, commit)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try container.decode(Kind.self, forKey: .kind), duoNewVersion: try container.decodeIfPresent(String.self, forKey: .duoNewVersion),
            given: try container.decodeIfPresent(String.self, forKey: .given), resolved: try container.decodeIfPresent(String.self, forKey: .resolved),
            url: try container.decodeIfPresent(String.self, forKey: .url), ref: try container.decodeIfPresent(String.self, forKey: .ref),
            commit: try container.decodeIfPresent(String.self, forKey: .commit)
        )
        // A key no source has is refused where it is read, as a wrong type is.
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        if let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).filter({ !known.contains($0) }).min() {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "holds the key '\(unknown)', which no source has"))
        }
    }

    public static func bundled(duoNewVersion: String) -> RecipeSource {
        RecipeSource(kind: .bundled, duoNewVersion: duoNewVersion)
    }

    public static func folder(given: String, resolved: String) -> RecipeSource {
        RecipeSource(kind: .folder, given: given, resolved: resolved)
    }

    public static func git(_ checkout: GitCheckout) -> RecipeSource {
        RecipeSource(kind: .git, url: checkout.source.spec, ref: checkout.source.ref, commit: checkout.commit)
    }

    /// What a record written before `source` was kept says: a git URL and commit in `templates`,
    /// else nothing known.
    public static func legacy(_ templates: GenerationRecord.Source?) -> RecipeSource? {
        guard let templates else { return nil }
        return RecipeSource(kind: .git, url: templates.url, ref: try? GitTemplates(templates.url).ref, commit: templates.commit)
    }

    /// The recipe's place in words, for messages: `the folder './tp' (/home/me/tp)`.
    public var described: String {
        switch kind {
        case .bundled: "the recipes bundled with duo-new \(DisplayPath.escaped(duoNewVersion ?? "?"))"
        case .folder where given == resolved: "the folder '\(DisplayPath.escaped(resolved ?? ""))'"
        case .folder: "the folder '\(DisplayPath.escaped(given ?? ""))' (\(DisplayPath.escaped(resolved ?? "")))"
        case .git: "'\(DisplayPath.escaped(url ?? ""))' at commit \(DisplayPath.escaped(String((commit ?? "").prefix(12))))"
        }
    }

    /// Why this source cannot be trusted as read from a record, or nil: each kind holds its own
    /// keys only, a folder is absolute, a git URL parses, a commit is hexadecimal, and no text
    /// holds a control character.
    public var problem: String? {
        let texts = [duoNewVersion, given, resolved, url, ref, commit].compactMap { $0 }
        // The one test for a control character (C0, DEL and C1), the one `DisplayPath` escapes.
        if texts.contains(where: { ContainedPath.holdsControlCharacter($0.utf8) }) {
            return "holds a control character"
        }
        switch kind {
        case .bundled:
            guard duoNewVersion != nil, given == nil, resolved == nil, url == nil, ref == nil, commit == nil else {
                return "is of kind 'bundled', which holds 'duoNewVersion' alone"
            }
        case .folder:
            guard let given, let resolved, !given.isEmpty, duoNewVersion == nil, url == nil, ref == nil, commit == nil else {
                return "is of kind 'folder', which holds 'given' and 'resolved' alone"
            }
            guard resolved.hasPrefix("/") else { return "has a 'resolved' folder that is not an absolute path" }
        case .git:
            guard let url, let commit, duoNewVersion == nil, given == nil, resolved == nil else {
                return "is of kind 'git', which holds 'url' and 'commit' (and 'ref') alone"
            }
            guard let parsed = try? GitTemplates(url), parsed.ref == ref else { return "has a 'url' that is not a git URL duo-new can use, or a 'ref' that is not its own" }
            guard commit.count >= 40, HexDigest.isLowercaseHex(commit.utf8) else {
                return "has a 'commit' that is not a commit id"
            }
        }
        return nil
    }
}
