import FuzzDriver
import Conformance
import Foundation

/// An xUnit results file's bytes, read as `soundcheck conformance --test-results` reads one: the
/// outcomes, or an error naming the file.
@main
enum FuzzXUnit {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    do {
        let results = try TestResults.parse(Data(buffer: input), file: "fuzz.xml")
        FuzzDriver.require(!results.outcomes.isEmpty, "results without a test case")
    } catch {
        FuzzDriver.require(error.message.hasPrefix("fuzz.xml"), "an error not naming the file: \(error)")
    }
    return 0
}
