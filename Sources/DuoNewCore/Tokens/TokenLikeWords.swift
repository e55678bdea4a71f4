/// Words shaped like a token (`TokenGrammar.pattern`) that are not a forgotten placeholder, so
/// generation and lint leave them in the text: the compilers' own predefined words, which any C,
/// Objective-C or Metal source may hold (`__FILE__`, `__OBJC__`), and the words a recipe or one of
/// its layers lists under `not-tokens`.
///
/// Every other word of that shape that the recipe does not declare is still a leftover: catching
/// a placeholder someone forgot to declare is what the leftover check is for, so the list below
/// is closed and documented (docs/authoring.md, "Words that look like tokens") rather than a
/// pattern such as "anything starting with `__GNUC`".
public struct TokenLikeWords: Sendable, Hashable {
    /// Predefined words of C, C++, Objective-C and Metal compilers (clang's and GCC's) that are
    /// written with two underscores on each side and capitals, as the leftover shape matches.
    /// Lowercase ones (`__has_include`, `__cplusplus`, `__clang__`) never look like a token.
    public static let compilerWords: Set<String> = [
        // The C standard's predefined macros and identifiers.
        "__FILE__", "__LINE__", "__DATE__", "__TIME__", "__STDC__", "__STDC_VERSION__",
        "__STDC_HOSTED__", "__STDC_IEC_559__", "__STDC_ISO_10646__", "__STDC_UTF_16__",
        "__STDC_UTF_32__", "__STDC_NO_ATOMICS__", "__STDC_NO_THREADS__", "__STDC_NO_VLA__",
        "__VA_ARGS__", "__VA_OPT__",
        // GCC's and clang's common predefined macros and identifiers.
        "__FUNCTION__", "__PRETTY_FUNCTION__", "__COUNTER__", "__TIMESTAMP__", "__BASE_FILE__",
        "__FILE_NAME__", "__INCLUDE_LEVEL__", "__GNUC__", "__GNUC_MINOR__", "__GNUC_PATCHLEVEL__",
        "__GNUC_STDC_INLINE__", "__VERSION__", "__OPTIMIZE__", "__OPTIMIZE_SIZE__", "__NO_INLINE__",
        "__ASSEMBLER__", "__CHAR_BIT__", "__CHAR_UNSIGNED__", "__SIZEOF_INT__", "__SIZEOF_LONG__",
        "__SIZEOF_LONG_LONG__", "__SIZEOF_POINTER__", "__SIZEOF_SIZE_T__", "__SIZEOF_WCHAR_T__",
        "__INT_MAX__", "__LONG_MAX__", "__SIZE_MAX__", "__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__",
        "__ORDER_BIG_ENDIAN__", "__LITTLE_ENDIAN__", "__BIG_ENDIAN__", "__LP64__", "__ILP32__",
        "__ELF__", "__STRICT_ANSI__", "__BLOCKS__",
        // Apple's platforms and Objective-C.
        "__APPLE__", "__APPLE_CC__", "__MACH__", "__OBJC__", "__OBJC2__",
        "__ENVIRONMENT_IPHONE_OS_VERSION_MIN_REQUIRED__", "__ENVIRONMENT_OS_VERSION_MIN_REQUIRED__",
        // Metal's shading language.
        "__METAL_VERSION__", "__METAL_IOS__", "__METAL_MACOS__",
        // Architectures written in capitals.
        "__ARM_NEON__", "__AARCH64EL__",
    ]

    /// The words a recipe and its layers list under `not-tokens`.
    public var recipeWords: Set<String>

    public init(recipeWords: some Sequence<String> = [String]()) {
        self.recipeWords = Set(recipeWords)
    }

    /// Only the compilers' words: for a recipe that lists none.
    public static let compilersOnly = TokenLikeWords()

    /// Whether `word`, found by the leftover scan, is left in the text rather than reported.
    public func leavesAlone(_ word: String) -> Bool {
        Self.compilerWords.contains(word) || recipeWords.contains(word)
    }

    /// Why `word` is left alone, for lint's list of what it let through; nil when it is not.
    public func reason(for word: String) -> String? {
        if recipeWords.contains(word) { return "listed under 'not-tokens'" }
        if Self.compilerWords.contains(word) { return "a compiler's own word" }
        return nil
    }

    /// Whether `word` is one word of the leftover shape, whole: what `not-tokens` may list.
    public static func isShapedLikeToken(_ word: String) -> Bool {
        let found = TokenGrammar.shapedLikeTokens(in: word.unicodeScalars)
        return found.count == 1 && found[0].offset == 0 && found[0].token == word
    }
}
