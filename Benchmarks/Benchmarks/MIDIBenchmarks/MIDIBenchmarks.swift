import Benchmark
import MIDIWorkloads

// MIDI over Bluetooth LE at scale: a 16-channel stream over one BLE link into a Core MIDI input
// port for a simulated hour. Goal (release build): at least 1,000x real time.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
                                           warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 5)

    Benchmark("BLE-MIDI: 16 channels over one link for an hour",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal,
                                             .custom("simulated s per wall s", polarity: .prefersLarger, useScalingFactor: false)])) { benchmark in
        let clock = ContinuousClock()
        let start = clock.now
        let result = try BLEMIDIStream.run(minutes: 60)
        let wall = clock.now - start
        precondition(result.messagesReceived == result.messagesSent, "lost MIDI: \(result.messagesSent) sent, \(result.messagesReceived) received")
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        benchmark.measurement(.custom("simulated s per wall s", polarity: .prefersLarger, useScalingFactor: false),
                              Int((3_600 / seconds).rounded()))
    }
}
