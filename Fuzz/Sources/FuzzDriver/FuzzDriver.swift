import CFuzzer
import Foundation

/// Hands the process to libFuzzer with one target's entry. SwiftPM gives each executable a main
/// of its own (renamed so tests can link it), so the targets call libFuzzer's driver from their
/// `@main` instead of linking libFuzzer's `main`.
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func run(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// A target's own check: unlike `precondition`, which traps silently in release builds, a
    /// failure prints what was wrong before libFuzzer saves the input.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }

    /// The input as a buffer (libFuzzer passes a null pointer for the empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    }
}
