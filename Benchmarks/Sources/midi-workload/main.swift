import Foundation
import MIDIWorkloads

// A 16-channel MIDI stream over a BLE link, received through Core MIDI, for a simulated hour (or
// the minutes given): `swift run -c release --package-path Benchmarks midi-workload [minutes]`.
// It prints the wall clock and the process's CPU time: on a shared machine the wall clock also
// counts the time other processes held the cores, the CPU time only the simulation's own work.
let minutes = CommandLine.arguments.dropFirst().first.flatMap { Int64($0) } ?? 60

func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

let clock = ContinuousClock()
let start = clock.now, cpuStart = cpuSeconds()
let result = try BLEMIDIStream.run(minutes: minutes)
let elapsed = clock.now - start, cpu = cpuSeconds() - cpuStart
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let simulated = Double(minutes * 60)
print("\(minutes) min of 16-channel BLE-MIDI: \(result.messagesSent) sent, \(result.messagesReceived) received, "
      + "worst latency \(result.worstLatency), "
      + String(format: "%.3f s wall (%.0fx real time), %.3f s CPU (%.0fx real time)", seconds, simulated / seconds, cpu, simulated / cpu))
