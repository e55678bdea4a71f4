import DuoNewKit
import Testing

@Suite("XDG folders")
struct XDGFolderTests {
    @Test func theVariableWinsWhenAbsoluteElseHomeElseNone() {
        #expect(XDGFolder.config.path("config.yaml", environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/duo-new/config.yaml")
        #expect(XDGFolder.config.path("config.yaml", environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config/duo-new/config.yaml")
        #expect(XDGFolder.cache.path("bases", environment: ["HOME": "/h"]) == "/h/.cache/duo-new/bases")
        #expect(XDGFolder.cache.path("git", environment: ["XDG_CACHE_HOME": "/c"]) == "/c/duo-new/git")
        #expect(XDGFolder.cache.path("git", environment: ["HOME": ""]) == nil)
        #expect(UserConfig.path(environment: ["HOME": "/h"]) == "/h/.config/duo-new/config.yaml")
    }
}
