import BLEMIDI
@testable import BuiltInChecks
@testable import Conformance

// The codec's tests write their vectors with the same helpers as its built-in checks
// (`BLEMIDIVectors` in Conformance); these names keep the vectors short.

func bytes(_ hex: String) -> [UInt8] { BLEMIDIVectors.bytes(hex) }

func message(_ timestamp: UInt16, _ hex: String) -> BLEMIDIMessage { BLEMIDIVectors.message(timestamp, hex) }

typealias StreamResult = BLEMIDIVectors.StreamResult

func decodeStream(_ packets: [String], decoder: inout BLEMIDIDecoder) -> StreamResult {
    BLEMIDIVectors.decodeStream(packets, decoder: &decoder)
}

func decodeStream(_ packets: String...) -> StreamResult {
    var decoder = BLEMIDIDecoder()
    return BLEMIDIVectors.decodeStream(packets, decoder: &decoder)
}

func encode(_ messages: [BLEMIDIMessage], mtu: Int) -> [[UInt8]] { BLEMIDIVectors.encode(messages, mtu: mtu) }
