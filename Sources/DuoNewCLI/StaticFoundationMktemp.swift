#if os(Linux)
import Glibc
import DuoNewCore

/// `mktemp(3)` for the statically linked Foundation of a `--static-swift-stdlib` build
/// (`scripts/install.sh`), so that its link has no warning.
///
/// FoundationEssentials' atomic `Data` write (Data+Writing.swift) names its temporary file with
/// `mktemp`, then opens that name with `O_CREAT | O_EXCL`, which makes the use safe. glibc marks
/// `mktemp` with a link-time warning ("the use of `mktemp' is dangerous"), which the linker prints
/// for every program that links that object statically (swift-foundation issue 1358). Defined
/// here, the name resolves to this function instead of glibc's, and the warning goes. An
/// executable does not export the symbol, so only a static link resolves Foundation's call to it;
/// a debug build's shared Foundation keeps glibc's.
///
/// The name is made the way `mkstemp` makes one, then freed again: like `mktemp`, the function
/// returns `template` holding a name that did not exist, or, when none can be made (no `XXXXXX`
/// ending, no write permission), `template` made empty, with `errno` set.
@_cdecl("mktemp")
func staticFoundationMktemp(_ template: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guard let template else {
        errno = EINVAL
        return nil
    }
    let descriptor = mkstemp(template)
    guard descriptor >= 0 else {
        template[0] = 0
        return template
    }
    close(descriptor)
    unlink(template)
    return template
}
#endif
