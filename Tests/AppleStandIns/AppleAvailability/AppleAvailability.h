// The iOS 27.1 availability domain of the Apple stand-ins (see ../README.md).
//
// Swift on Linux ignores `@available(iOS 27.1, *)`: there is no iOS platform to check against.
// A dynamic availability domain is the nearest mechanism the Linux compiler enforces: a declaration
// marked `@available(iOS_27_1)` may be used only where `#available(iOS_27_1)` (or an enclosing
// `@available(iOS_27_1)`) is known to hold, which is what `#available(iOS 27.1, *)` does in Xcode
// for an app whose deployment target is iOS 26.0. scripts/typecheck-apple.sh spells the project's
// `iOS 27.1` checks this way in the copy it compiles. Declaring the domain in a C header is what
// lets it travel from the stand-in modules to the app (a domain defined on the command line is
// not written into a module).
#include <availability_domain.h>

int duo_iOS_27_1_isAvailable(void);
CLANG_DYNAMIC_AVAILABILITY_DOMAIN(iOS_27_1, duo_iOS_27_1_isAvailable);
