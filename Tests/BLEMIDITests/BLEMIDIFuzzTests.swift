import BLEMIDI
import Foundation
import SimCore
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// Random and mutated packets: the decoder never crashes, every packet it accepts yields only
/// well-formed messages, every rejection names a byte inside the packet, and a rejected packet
/// leaves the output untouched. 200,000 packets by default (about two seconds in a debug build):
/// the coverage-guided fuzz target `ble-midi` (Tools/fuzz, docs/fuzzing.md) makes the long runs;
/// `BLEMIDI_FUZZ_PACKETS` changes the count here.
@Suite("BLE-MIDI fuzz")
struct BLEMIDIFuzzTests {
    static var packetCount: Int {
        ProcessInfo.processInfo.environment["BLEMIDI_FUZZ_PACKETS"].flatMap { Int($0) } ?? 200_000
    }

    @Test("200,000 random and mutated packets: no crash, no malformed message, every error inside its packet")
    func fuzz() {
        var random = SplitMix64(seed: 0xB1E_3D1)
        let seeds = Self.validPackets(using: &random)
        var decoder = BLEMIDIDecoder(maximumSysExLength: 4096)
        var list = BLEMIDIMessageList()
        var accepted = 0, rejected = 0, messages = 0
        var problems: [String] = []
        for index in 0..<Self.packetCount {
            let packet = index % 4 == 0
                ? (0..<random.below(25)).map { _ in random.byte() }
                : Self.mutate(seeds[random.below(seeds.count)], using: &random)
            list.removeAll()
            let before = list.count
            do {
                try packet.withUnsafeBufferPointer { (buffer) throws(BLEMIDIError) in try decoder.decode(buffer, into: &list) }
                accepted += 1
                messages += list.count
                for message in 0..<list.count {
                    let decoded = list[message]
                    if let problem = decoded.malformation, problems.count < 5 { problems.append("\(packet): \(problem)") }
                }
            } catch {
                rejected += 1
                if list.count != before || error.byteOffset > max(0, packet.count - 1) || error.packetIndex != index, problems.count < 5 {
                    problems.append("\(packet): \(error) left \(list.count) messages")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(accepted + rejected == Self.packetCount)
        // Both outcomes are exercised in bulk, not only one of them.
        #expect(accepted > Self.packetCount / 10 && rejected > Self.packetCount / 10, "accepted \(accepted), rejected \(rejected)")
        #expect(messages > Self.packetCount / 10)
    }

    /// Packets a real sender would send, to mutate.
    static func validPackets(using random: inout SplitMix64) -> [[UInt8]] {
        (0..<200).flatMap { _ in
            encode(BLEMIDIVectors.randomStream(using: &random), mtu: Int.random(in: 5...40, using: &random))
        }
    }

    static func mutate(_ packet: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var packet = packet
        for _ in 0..<(1 + random.below(3)) {
            let position = packet.isEmpty ? 0 : random.below(packet.count)
            switch random.below(5) {
            case 0 where !packet.isEmpty: packet[position] ^= UInt8(1) << UInt8(random.below(8))
            case 1 where !packet.isEmpty: packet[position] = random.byte()
            case 2: packet.insert(random.byte(), at: position)
            case 3 where !packet.isEmpty: packet.remove(at: position)
            default: packet = Array(packet.prefix(position))
            }
        }
        return packet
    }
}

extension SplitMix64 {
    /// A value in 0..<bound (bound ≥ 1; the modulo bias is below 2⁻⁵⁰ for these bounds). The
    /// fuzz draws a few of these per packet, a million times: the generic `random(in:using:)` is
    /// several witness-table calls each in a debug build, this is one call.
    mutating func below(_ bound: Int) -> Int { Int(truncatingIfNeeded: next() % UInt64(bound)) }

    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
