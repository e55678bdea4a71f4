import Testing
import DuoNewCore

/// An argument that is not UTF-8 is refused quoting its bytes, but a `--set` value only by its
/// key: it may be a secret, which nothing duo-new prints may hold.
@Suite struct ArgumentBytesRedactionTests {
    @Test func aSetValueIsNamedByItsKeyAlone() {
        let secret = Array("api-key=TOPSECRET".utf8) + [0xFF]
        let separate = ArgumentBytes.firstUndecodable([Array("--set".utf8), secret])
        #expect(separate?.position == 2 && separate?.shown == "api-key=(the value, not shown)")
        let inline = ArgumentBytes.firstUndecodable([Array("--set=".utf8) + secret])
        #expect(inline?.shown == "--set=api-key=(the value, not shown)")
        let folder = ArgumentBytes.firstUndecodable([Array("Out".utf8) + [0xFF]])
        #expect(folder?.shown == "Out\\xFF", "any other argument is shown as given")
    }
}
