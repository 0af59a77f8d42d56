import FuzzDriver
import BLEMIDI

/// A stream of BLE-MIDI packets, as a peer's notifications arrive: the input is cut into packets,
/// each led by a length byte, and decoded in order by one decoder. A rejected packet must name a
/// byte inside it; an accepted one must give only complete MIDI messages.
@main
enum FuzzBLEMIDI {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    var decoder = BLEMIDIDecoder(maximumSysExLength: 1024)
    var offset = 0
    while offset < input.count {
        let length = min(Int(input[offset]), input.count - offset - 1)
        let packet = Array(input[(offset + 1)..<(offset + 1 + length)])
        offset += 1 + length
        do {
            for message in try decoder.decode(packet) {
                FuzzDriver.require(message.malformation == nil, "decoded a malformed message \(message): \(message.malformation!)")
            }
        } catch {
            FuzzDriver.require(error.byteOffset >= 0 && error.byteOffset <= packet.count, "error outside the packet: \(error)")
        }
    }
    return 0
}
