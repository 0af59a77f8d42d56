import BLEMIDI
import BLEMIDIWorkloads
import Foundation

// Decodes, encodes and copies the same recorded BLE-MIDI stream in one run and prints each one's
// throughput and the codec-to-copy ratios: `swift run -c release --package-path Benchmarks
// ble-midi-throughput [messages] [rounds]`. Each figure is the median of the rounds in thread CPU
// time (the machine is shared), with the spread (min–max) beside it and the CPU model on top.
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

/// Per-round times of `work`, sorted, and its last result.
func timed(_ work: () -> Int) -> (seconds: [Double], result: Int) {
    var times: [Double] = [], result = 0
    for _ in 0..<rounds {
        let start = cpuSeconds()
        result = work()
        times.append(cpuSeconds() - start)
    }
    return (times.sorted(), result)
}

func median(_ sorted: [Double]) -> Double { sorted[sorted.count / 2] }

/// The CPU model from /proc/cpuinfo, so figures from different machines are not compared blindly.
func cpuModel() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
}

var decoder = BLEMIDIDecoder(), list = BLEMIDIMessageList(), copy: [UInt8] = []
var encoder = BLEMIDIEncoder()
copy.reserveCapacity(64)
_ = stream.decodeAll(&decoder, into: &list)  // warm-up: storage grows to the stream's needs
let decoded = timed { stream.decodeAll(&decoder, into: &list) }
let copied = timed { stream.copyAll(into: &copy) }
let encoded = timed { stream.encodeAll(&encoder) }
precondition(decoded.result == stream.deliveredMessageCount && copied.result == stream.bytes.count && encoded.result == stream.bytes.count)

func row(_ name: String, _ times: [Double]) -> String {
    let seconds = median(times)
    let spread = "(\(format(times.first! * 1e9 / Double(stream.packetCount)))–\(format(times.last! * 1e9 / Double(stream.packetCount))))"
    let packets = Double(stream.packetCount) / seconds / 1e6, messages = Double(stream.deliveredMessageCount) / seconds / 1e6
    let megabytes = Double(stream.bytes.count) / seconds / 1e6
    return "\(name)  \(format(seconds * 1e9 / Double(stream.packetCount))) ns/packet \(spread)  \(format(packets)) M packets/s  \(format(messages)) M messages/s  \(format(megabytes)) MB/s"
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

print("\(cpuModel()); stream: \(stream.deliveredMessageCount) messages in \(stream.packetCount) packets, \(stream.bytes.count) bytes; median of \(rounds) rounds (min–max)")
print(row("decode", decoded.seconds))
print(row("encode", encoded.seconds))
print(row("copy  ", copied.seconds))
print("decode / copy = \(format(median(decoded.seconds) / median(copied.seconds)))x (target: within 10x)   "
    + "encode / copy = \(format(median(encoded.seconds) / median(copied.seconds)))x")
