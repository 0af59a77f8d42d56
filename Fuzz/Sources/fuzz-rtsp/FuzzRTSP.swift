import FuzzDriver
import AirPlayRAOP

/// Bytes from an AirPlay receiver's RTSP connection, read as `soundcheck airplay send` reads its
/// answers: one response after another from the front of what arrived. Each is taken whole,
/// reported incomplete (nil, the bytes left alone) or refused with an error naming the step.
@main
enum FuzzRTSP {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    var pending = Array(input)
    while true {
        let before = pending.count
        do {
            guard let response = try RTSPResponse.take(from: &pending, step: "OPTIONS") else {
                FuzzDriver.require(pending.count == before, "an incomplete response consumed bytes")
                break
            }
            FuzzDriver.require(pending.count < before, "a response took no bytes")
            FuzzDriver.require(response.body.utf8.count <= RTSPResponse.maximumBodyLength * 3, "an unbounded body")
        } catch {
            FuzzDriver.require(error.step == "OPTIONS", "an error naming another step: \(error)")
            break
        }
    }
    return 0
}
