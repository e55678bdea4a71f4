/// The user's config file read once in a run, its contents or its refusal kept for every later
/// ask (generation, the catalog, the prompt and the checks' consent all need it).
public final class ConfigReading {
    private var result: Result<UserConfig, GenerationFailure>?
    /// How many times the file was read: at most once (a test holds to it).
    public private(set) var reads = 0

    public init() {}

    /// What `read` made of the file the first time it was asked: the config, or its refusal.
    public func value(_ read: () throws(GenerationFailure) -> UserConfig) throws(GenerationFailure) -> UserConfig {
        if let result { return try result.get() }
        reads += 1
        let read = Result { () throws(GenerationFailure) -> UserConfig in try read() }
        result = read
        return try read.get()
    }
}
