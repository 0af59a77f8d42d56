import BLEMIDI
import BLEMIDIWorkloads
import Foundation

// Decodes, encodes and copies the same recorded BLE-MIDI stream in one run and prints each one's
// throughput and the codec-to-copy ratios: `swift run -c release --package-path Benchmarks
// ble-midi-throughput [messages] [rounds]`. Each figure is the best of the rounds, in thread CPU
// time (the machine is shared).
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let stream = PacketStream(messageCount: arguments.first ?? 1_000_000)
let rounds = arguments.dropFirst().first ?? 20

/// The thread's CPU time in seconds: unlike the wall clock, it does not count the time other
/// processes on this shared machine hold the core.
func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

func best(_ work: () -> Int) -> (seconds: Double, result: Int) {
    var fastest = Double.infinity, result = 0
    for _ in 0..<rounds {
        let start = cpuSeconds()
        result = work()
        fastest = min(fastest, cpuSeconds() - start)
    }
    return (fastest, result)
}

var decoder = BLEMIDIDecoder(), list = BLEMIDIMessageList(), copy: [UInt8] = []
var encoder = BLEMIDIEncoder()
copy.reserveCapacity(64)
_ = stream.decodeAll(&decoder, into: &list)  // warm-up: storage grows to the stream's needs
let decoded = best { stream.decodeAll(&decoder, into: &list) }
let copied = best { stream.copyAll(into: &copy) }
let encoded = best { stream.encodeAll(&encoder) }
precondition(decoded.result == stream.deliveredMessageCount && copied.result == stream.bytes.count && encoded.result == stream.bytes.count)

func row(_ name: String, _ seconds: Double) -> String {
    let packets = Double(stream.packetCount) / seconds / 1e6, messages = Double(stream.deliveredMessageCount) / seconds / 1e6
    let megabytes = Double(stream.bytes.count) / seconds / 1e6
    return "\(name)  \(format(seconds * 1e9 / Double(stream.packetCount))) ns/packet  \(format(packets)) M packets/s  \(format(messages)) M messages/s  \(format(megabytes)) MB/s"
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

print("stream: \(stream.deliveredMessageCount) messages in \(stream.packetCount) packets, \(stream.bytes.count) bytes (best of \(rounds))")
print(row("decode", decoded.seconds))
print(row("encode", encoded.seconds))
print(row("copy  ", copied.seconds))
print("decode / copy = \(format(decoded.seconds / copied.seconds))x (target: within 10x)   encode / copy = \(format(encoded.seconds / copied.seconds))x")
