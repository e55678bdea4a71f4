import DuoNewKit
import Testing

/// The config is read once in a run: every later ask gets what the first read made of it,
/// the refusal of a broken file too.
@Suite struct ConfigReadingTests {
    @Test func theFileIsReadOnceAndItsConfigKept() throws {
        let reading = ConfigReading()
        var reads = 0
        for _ in 0..<3 {
            let config = try reading.value { () throws(GenerationFailure) -> UserConfig in
                reads += 1
                return UserConfig(path: "/home/me/.config/duo-new/config.yaml", bundleIDPrefix: "org.me")
            }
            #expect(config.bundleIDPrefix == "org.me")
        }
        #expect(reads == 1 && reading.reads == 1)
    }

    @Test func aRefusalIsKeptAsTheConfigWouldBe() {
        let reading = ConfigReading()
        var reads = 0
        for _ in 0..<2 {
            #expect(throws: GenerationFailure.self) {
                try reading.value { () throws(GenerationFailure) -> UserConfig in
                    reads += 1
                    throw GenerationFailure(.brokenRecipe, "the config is broken")
                }
            }
        }
        #expect(reads == 1 && reading.reads == 1, "a broken file is not read again")
    }
}
