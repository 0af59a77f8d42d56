import FuzzDriver
import VirtualDevices

/// An event script's bytes, parsed as `soundcheck simulate` does: a script or a `SourceError`
/// whose line lies within the text (by YAML's line breaks).
@main
enum FuzzEventScript {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    do {
        _ = try EventScript.parse(text, file: "fuzz.yaml")
    } catch {
        let lines = SourceError.lines(of: text).count
        FuzzDriver.require(error.file != "fuzz.yaml" || (0...lines).contains(error.line), "error outside the file: \(error)")
    }
    return 0
}
