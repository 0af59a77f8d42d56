@testable import AudioGraph
import COpenAL
@testable import Conformance
import CRealtimeProbe
import Foundation
@testable import AudioToolbox
@testable import OpenAL
import Soundcheck
import Testing

/// The OpenAL render path, driven as the device's IO cycle drives it (the game's RemoteIO
/// instance rendering one IO buffer, which asks OpenAL Soft's loopback device for the frames),
/// counted by the real-time probe. OpenAL Soft's own mixer (1.19) locks a mutex twice per
/// `alcRenderSamplesSOFT` call (measured here: its device and backend locks around the mix); it
/// allocates nothing. So the library's part is measured alone with the same calls, and our part
/// — the whole path minus the library's — must be zero.
@Suite("OpenAL render path allocations", .serialized)
struct OpenALRealtimeTests {
    @Test("the OpenAL IO cycle adds no allocation, lock or write to OpenAL Soft's own (two locks per render, no allocation)")
    func renderPathIsRealtimeSafe() throws {
        let device = try SimulatedDevice(seed: 51)
        let game = PositionalGame()
        try OpenALTests.launch(device, game, at: -1)
        device.advance(to: .milliseconds(200))
        let openAL = try #require(device.run(as: "Game") { OpenALApp.calling?.devices.values.first })
        let handle = try #require(openAL.unit)
        let unit = try #require(AudioUnitHandle.resolve(handle) as? RemoteIOUnit)
        let frames = 1024, cycles = 200
        let output = UnsafeMutablePointer<Float>.allocate(capacity: 2 * frames)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 2 * frames)
        defer { output.deallocate(); scratch.deallocate() }
        func cycle(_ index: Int) {
            output.initialize(repeating: 0, count: 2 * frames)
            unit.render(RenderClientCycle(frames: frames, sampleTime: Int64(index * frames), output: output, outputChannels: 2,
                                          stride: frames, input: nil))
        }
        for index in 0..<20 { cycle(index) }
        rt_probe_watch(pthread_self())
        for index in 20..<cycles { cycle(index) }
        let whole = rt_probe_stop()
        let left = (0..<frames).map { abs(output[$0]) }.max() ?? 0
        let right = (0..<frames).map { abs(output[frames + $0]) }.max() ?? 0
        #expect(left > 2 * right && left > 0.05, "the source at the left is rendered: left \(left), right \(right)")

        rt_probe_watch(pthread_self())
        for _ in 20..<cycles { alcRenderSamplesSOFT(openAL.handle, scratch, ALCsizei(frames)) }
        let library = rt_probe_stop()
        #expect(library.allocations == 0 && library.writes == 0, "OpenAL Soft's mixer: \(library)")
        #expect(library.locks == 2 * Int64(cycles - 20), "OpenAL Soft locks twice per render: \(library)")
        #expect(whole.allocations - library.allocations == 0 && whole.locks - library.locks == 0 && whole.writes - library.writes == 0,
                "ours: whole path \(whole), library alone \(library)")
    }
}
