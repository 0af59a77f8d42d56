import Foundation
import OpenAVFAudio
import OpenOpenAL
import Soundcheck
import Testing

/// Apple's OpenAL output capturer, used the way an app uses it: the five functions from
/// `alcGetProcAddress`, cast to the proc-pointer types, capturing what the current context renders.
@Suite("OpenAL output capture")
struct OpenALOutputCaptureTests {
    struct Capturer {
        let prepare: alcOutputCapturerPrepareProcPtr
        let start: alcOutputCapturerStartProcPtr
        let stop: alcOutputCapturerStopProcPtr
        let available: alcOutputCapturerAvailableSamplesProcPtr
        let samples: alcOutputCapturerSamplesProcPtr

        init() throws {
            func proc<T>(_ name: String, _ type: T.Type) throws -> T {
                unsafeBitCast(try #require(alcGetProcAddress(nil, name)), to: type)
            }
            prepare = try proc("alcOutputCapturerPrepare", alcOutputCapturerPrepareProcPtr.self)
            start = try proc("alcOutputCapturerStart", alcOutputCapturerStartProcPtr.self)
            stop = try proc("alcOutputCapturerStop", alcOutputCapturerStopProcPtr.self)
            available = try proc("alcOutputCapturerAvailableSamples", alcOutputCapturerAvailableSamplesProcPtr.self)
            samples = try proc("alcOutputCapturerSamples", alcOutputCapturerSamplesProcPtr.self)
        }
    }

    @Test("OPENAL-OUTPUT-CAPTURE: the capturer hands the app what its context rendered: the left source's tone, louder on the left, at the rate and format it asked for")
    func capturesTheContextsOutput() throws {
        let device = try SimulatedDevice(seed: 61)
        let game = PositionalGame()
        try OpenALTests.launch(device, game, at: -1)
        let capturer = try Capturer()
        #expect(alcGetProcAddress(nil, "alcNoSuchFunction") == nil)
        device.advance(to: .milliseconds(500))
        device.run(as: "Game") {
            capturer.prepare(48_000, ALCenum(AL_FORMAT_STEREO16), 48_000)
            capturer.start()
        }
        device.advance(to: .milliseconds(1_000))
        let stereo = try device.run(as: "Game") { () throws -> [Int16] in
            let count = Int(capturer.available())
            #expect(abs(count - 24_000) <= 1_024, "half a second captured: \(count)")
            var samples = [Int16](repeating: 0, count: 2 * count)
            samples.withUnsafeMutableBytes { capturer.samples($0.baseAddress, ALCsizei(count)) }
            #expect(capturer.available() == 0)
            return samples
        }
        let left = stereo.enumerated().filter { $0.offset % 2 == 0 }.map { Double($0.element) / 32_768 }
        let right = stereo.enumerated().filter { $0.offset % 2 == 1 }.map { Double($0.element) / 32_768 }
        let rms = { (x: [Double]) in (x.reduce(0) { $0 + $1 * $1 } / Double(x.count)).squareRoot() }
        #expect(rms(left) > 2 * rms(right) && rms(left) > 0.05, "left \(rms(left)), right \(rms(right))")
        // At 22.05 kHz mono: the same 1 kHz tone, 11 025 samples per half second.
        device.run(as: "Game") { capturer.prepare(22_050, ALCenum(AL_FORMAT_MONO16), 22_050) }
        device.advance(to: .milliseconds(1_500))
        let mono = device.run(as: "Game") { () -> [Int16] in
            let count = Int(capturer.available())
            #expect(abs(count - 11_025) <= 512, "\(count) samples at 22.05 kHz")
            var samples = [Int16](repeating: 0, count: count)
            samples.withUnsafeMutableBytes { capturer.samples($0.baseAddress, ALCsizei(count)) }
            capturer.stop()
            return samples
        }
        // The capture ends with the last whole IO cycle rendered, so it holds a little under half
        // a second: the tone's crossings are counted against what was actually captured.
        let crossings = zip(mono, mono.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        let expected = Double(mono.count) / 22_050 * 1_000
        #expect(abs(Double(crossings) - expected) <= 3, "\(crossings) upward crossings in \(mono.count) samples at 22.05 kHz")
    }
}
