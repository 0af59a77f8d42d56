import BLEMIDI
import BLEMIDIWorkloads
import Benchmark

// One iteration decodes (or encodes, or copies) the same recorded stream of 100,000 messages in
// 20-byte packets; scaled per packet (`Tools/bench --scale`). Decoding runs after one warm-up
// pass, so its malloc count is the steady state's: it must be 0. Copying the packets' bytes into
// a reused array is the reference the codec is compared with.
let benchmarks: @Sendable () -> Void = {
    let stream = PacketStream(messageCount: 100_000)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 100
    )

    Benchmark("BLE-MIDI: decode \(stream.packetCount) packets (\(stream.deliveredMessageCount) messages), steady state") { benchmark in
        var decoder = BLEMIDIDecoder(), list = BLEMIDIMessageList()
        blackHole(stream.decodeAll(&decoder, into: &list))
        benchmark.startMeasurement()
        blackHole(stream.decodeAll(&decoder, into: &list))
        benchmark.stopMeasurement()
    }

    Benchmark("BLE-MIDI: encode \(stream.deliveredMessageCount) messages into \(stream.packetCount) packets") { benchmark in
        var encoder = BLEMIDIEncoder()
        blackHole(stream.encodeAll(&encoder))
        benchmark.startMeasurement()
        blackHole(stream.encodeAll(&encoder))
        benchmark.stopMeasurement()
    }

    Benchmark("BLE-MIDI: copy the same \(stream.packetCount) packets' bytes (reference)") { benchmark in
        var copy: [UInt8] = []
        copy.reserveCapacity(64)
        blackHole(stream.copyAll(into: &copy))
        benchmark.startMeasurement()
        blackHole(stream.copyAll(into: &copy))
        benchmark.stopMeasurement()
    }
}
