import Foundation
import MIDIWorkloads

// A 16-channel MIDI stream over a BLE link, received through Core MIDI, for a simulated hour (or
// the minutes given): `swift run -c release --package-path Benchmarks midi-workload [minutes]`.
let minutes = CommandLine.arguments.dropFirst().first.flatMap { Int64($0) } ?? 60
let clock = ContinuousClock()
let start = clock.now
let result = try BLEMIDIStream.run(minutes: minutes)
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("\(minutes) min of 16-channel BLE-MIDI: \(result.messagesSent) sent, \(result.messagesReceived) received, "
      + "worst latency \(result.worstLatency), "
      + String(format: "%.3f s wall, %.0fx real time", seconds, Double(minutes * 60) / seconds))
