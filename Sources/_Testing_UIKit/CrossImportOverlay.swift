// Swift Testing declares a cross-import overlay for UIKit (the toolchain's
// Testing.swiftcrossimport/UIKit.swiftoverlay names `_Testing_UIKit`), so a file that imports both
// Testing and UIKit makes the compiler load that module. Linux toolchains don't ship it, as Linux
// has no UIKit; without this stand-in a user's test file with `import Testing` and `import UIKit`
// fails with "no such module '_Testing_UIKit'". It adds nothing: UIImage attachments are
// Apple-only.
