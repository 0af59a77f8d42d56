import Foundation
import AudioToolbox
import AVFAudio
import OpenAL
import SimCore
import Soundcheck

/// The Audio Unit C API's scopes and elements, and RemoteIO's two sides: input and output used
/// separately or together, and the low latency games, music and VoIP apps (and OpenAL) use it for.
enum IOUnitChecks {
    /// Launches `name` in play-and-record (mixable when asked, so several such apps run at once)
    /// with record permission granted and `ioBuffer` preferred, and makes its unit.
    static func launchIO(_ device: SimulatedDevice, _ p: CheckProbe, _ name: String, input: Bool, output: Bool,
                         mixable: Bool = false, ioBuffer: TimeInterval = 0.005) throws -> RemoteIOApp {
        let app = try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, options: mixable ? [.defaultToSpeaker, .mixWithOthers] : [.defaultToSpeaker])
            try AVAudioSession.sharedInstance().setPreferredIOBufferDuration(ioBuffer)
            try AVAudioSession.sharedInstance().setActive(true)
            AVAudioApplication.requestRecordPermission { _ in }
            // Silent unless it passes the microphone through: these apps are measured at the speaker.
            return try RemoteIOApp.started(input: input, output: output) { $0.toneAmplitude = 0 }
        }
        device.answerRecordPermission(name, granted: true)
        return app
    }

    static func mixer(_ p: CheckProbe) throws -> AudioUnit {
        var description = EngineChecks.description(kAudioUnitType_Mixer, kAudioUnitSubType_MultiChannelMixer)
        var instance: AudioUnit?
        _ = AudioComponentInstanceNew(try p.require(AudioComponentFindNext(nil, &description), "the mixer"), &instance)
        return try p.require(instance, "mixer instance")
    }

    static func elementCount(_ unit: AudioUnit, _ scope: AudioUnitScope) -> UInt32? {
        var count: UInt32 = 0
        var size: UInt32 = 4
        return AudioUnitGetProperty(unit, kAudioUnitProperty_ElementCount, scope, 0, &count, &size) == 0 ? count : nil
    }

    static func sampleRate(_ unit: AudioUnit, _ scope: AudioUnitScope, _ element: AudioUnitElement) -> Float64? {
        var rate: Float64 = 0
        var size: UInt32 = 8
        return AudioUnitGetProperty(unit, kAudioUnitProperty_SampleRate, scope, element, &rate, &size) == 0 ? rate : nil
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["AU-SCOPES"], "a mixer has as many input elements as it is given and one output element; each input element keeps its own volume, the global scope the unit's frame limit; RemoteIO has two elements on each side") { p in
            let mixer = try mixer(p)
            defer { _ = AudioComponentInstanceDispose(mixer) }
            var buses: UInt32 = 4
            p.expect(AudioUnitSetProperty(mixer, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &buses, 4), equals: 0, "four input elements")
            p.expect(elementCount(mixer, kAudioUnitScope_Input), equals: 4, "input elements")
            p.expect(elementCount(mixer, kAudioUnitScope_Output), equals: 1, "output elements")
            p.expect(AudioUnitSetParameter(mixer, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 2, 0.25, 0), equals: 0, "input element 2's volume")
            var volume: AudioUnitParameterValue = 0
            _ = AudioUnitGetParameter(mixer, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 2, &volume)
            p.expect(volume, equals: 0.25, "input element 2's volume")
            _ = AudioUnitGetParameter(mixer, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 0, &volume)
            p.expect(volume, equals: 1, "input element 0 keeps its own volume")
            p.expect(sampleRate(mixer, kAudioUnitScope_Input, 4), equals: nil, "no input element 4")
            var frames: UInt32 = 0
            var size: UInt32 = 4
            p.expect(AudioUnitGetProperty(mixer, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &frames, &size), equals: 0,
                     "the frame limit on the global scope")
            p.expect(AudioUnitGetProperty(mixer, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Input, 0, &frames, &size),
                     equals: kAudioUnitErr_InvalidScope, "the frame limit on an input element")
            let device = try p.device()
            let io = try device.launch("Game") { () throws -> AudioUnit in
                var description = EngineChecks.description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
                var instance: AudioUnit?
                _ = AudioComponentInstanceNew(try p.require(AudioComponentFindNext(nil, &description), "RemoteIO"), &instance)
                return try p.require(instance, "RemoteIO instance")
            }
            p.expect(elementCount(io, kAudioUnitScope_Input), equals: 2, "RemoteIO's input elements")
            p.expect(elementCount(io, kAudioUnitScope_Output), equals: 2, "RemoteIO's output elements")
            _ = AudioComponentInstanceDispose(io)
        },
        BuiltInCheck(["AU-SCOPE-RAW-VALUES"], "the scope constants are Global 0 to LayerItem 7, and the raw numbers address the same scopes; a mixer has no group scope (-10866)") { p in
            let scopes = [kAudioUnitScope_Global, kAudioUnitScope_Input, kAudioUnitScope_Output, kAudioUnitScope_Group, kAudioUnitScope_Part,
                          kAudioUnitScope_Note, kAudioUnitScope_Layer, kAudioUnitScope_LayerItem]
            p.expect(scopes, equals: Array(0...7), "Global, Input, Output, Group, Part, Note, Layer, LayerItem")
            let mixer = try mixer(p)
            defer { _ = AudioComponentInstanceDispose(mixer) }
            var buses: UInt32 = 3
            _ = AudioUnitSetProperty(mixer, kAudioUnitProperty_ElementCount, 1, 0, &buses, 4)
            p.expect(elementCount(mixer, kAudioUnitScope_Input), equals: 3, "scope 1 is the input scope")
            var rate: Float64 = 32_000
            _ = AudioUnitSetProperty(mixer, kAudioUnitProperty_SampleRate, 2, 0, &rate, 8)
            p.expect(sampleRate(mixer, kAudioUnitScope_Output, 0), equals: 32_000, "scope 2 is the output scope")
            var frames: UInt32 = 0
            var size: UInt32 = 4
            p.expect(AudioUnitGetProperty(mixer, kAudioUnitProperty_MaximumFramesPerSlice, 0, 0, &frames, &size), equals: 0, "scope 0 is the global scope")
            p.expect(AudioUnitGetProperty(mixer, kAudioUnitProperty_ElementCount, 3, 0, &frames, &size), equals: kAudioUnitErr_InvalidScope, "scope 3, group")
        },
        BuiltInCheck(["AU-REMOTEIO-INPUT-OUTPUT-SEPARATE"], "RemoteIO with input only captures the microphone and never calls the render callback; with output only it plays and never calls the input callback; with both it does both each cycle") { p in
            let device = try p.device()
            _ = device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
            let input = try launchIO(device, p, "Recorder", input: true, output: false, mixable: true)
            let output = try launchIO(device, p, "Synth", input: false, output: true, mixable: true)
            let both = try launchIO(device, p, "Call", input: true, output: true, mixable: true)
            _ = device.advance(by: .milliseconds(200))
            func level(_ app: RemoteIOApp) -> Double { Double(app.captured.suffix(4_800).map(abs).max() ?? 0) }
            p.expect(input.inputCalls > 0 && input.renderCalls.isEmpty, "input only: \(input.inputCalls) input calls, \(input.renderCalls.count) render calls")
            p.expect(abs(level(input) - 0.25) < 0.01, "input only: the microphone's tone at 0.25 (\(level(input)))")
            p.expect(!output.renderCalls.isEmpty && output.inputCalls == 0, "output only: \(output.renderCalls.count) render calls, \(output.inputCalls) input calls")
            p.expect(!both.renderCalls.isEmpty && both.inputCalls == both.renderCalls.count, "both: \(both.inputCalls) input and \(both.renderCalls.count) render calls")
            p.expect(abs(level(both) - 0.25) < 0.01, "both: the microphone's tone at 0.25 (\(level(both)))")
        },
        BuiltInCheck(["AU-LOW-LATENCY-CLIENTS"], "a RemoteIO app asking for 3 ms gets 128-frame render calls and an input-to-output latency under 10 ms (two IO buffers plus the hardware's latencies), against over 10 ms at the default buffer; its microphone plays through, and an OpenAL source, played through RemoteIO, sounds less than 10 ms after alSourcePlay") { p in
            let device = try p.device()
            func roundTrip(_ app: String) -> TimeInterval {
                device.run(as: app) {
                    let session = AVAudioSession.sharedInstance()
                    return session.inputLatency + session.outputLatency + 2 * session.ioBufferDuration
                }
            }
            let recorder = try launchIO(device, p, "Recorder", input: true, output: true, ioBuffer: 0.023)
            _ = device.advance(by: .milliseconds(50))
            let relaxed = roundTrip("Recorder")
            device.run(as: "Recorder") { _ = AudioOutputUnitStop(recorder.unit!) }
            p.expect(relaxed > 0.010, "at the default 23 ms buffer, input to output takes \(relaxed) s")
            let monitor = try launchIO(device, p, "Guitar Amp", input: true, output: true, ioBuffer: 0.003)
            monitor.passThrough = true
            _ = device.advance(by: .milliseconds(100))
            let fast = roundTrip("Guitar Amp")
            p.expect(fast < 0.010, "at a 3 ms buffer, input to output takes \(fast) s")
            p.expect(monitor.renderFrames, equals: [128], "render callback frame counts")
            let plucked = device.now
            let pluck = device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
            _ = device.advance(by: .milliseconds(50))
            device.stop(pluck)
            let heard = try p.require(onset(device, after: plucked), "the microphone at the speaker")
            p.expect(heard < .milliseconds(10), "microphone to speaker in \(heard)")
            device.run(as: "Guitar Amp") { _ = AudioOutputUnitStop(monitor.unit!) }
            _ = device.advance(by: .milliseconds(100))
            let played = try playOpenAL(device, p)
            _ = device.advance(by: .milliseconds(50))
            let sounded = try p.require(onset(device, after: played), "the OpenAL source at the speaker")
            p.expect(sounded < .milliseconds(10), "alSourcePlay to speaker in \(sounded)")
        },
    ] }

    /// How long after `start` the speaker's left channel first exceeds −30 dBFS.
    static func onset(_ device: SimulatedDevice, after start: HostTime) -> HostDuration? {
        guard let speaker = device.sink("Speaker"), let slice = speaker.capturedSlice(channel: 1, from: start, to: device.now),
              let first = slice.firstIndex(where: { abs($0) > 0.03 }) else { return nil }
        let rate = Double(device.server.currentHardware.sampleRate)
        return .nanoseconds(Int64((Double(first - slice.startIndex) / rate * 1e9).rounded()))
    }

    /// A game with a 3 ms IO buffer opens OpenAL and, 100 ms later, plays a 1 kHz mono source;
    /// returns when it called alSourcePlay.
    static func playOpenAL(_ device: SimulatedDevice, _ p: CheckProbe) throws -> HostTime {
        let source = try device.launch("Game", backgroundAudio: true) { () throws -> ALuint in
            try AVAudioSession.sharedInstance().setCategory(.ambient)
            try AVAudioSession.sharedInstance().setPreferredIOBufferDuration(0.003)
            try AVAudioSession.sharedInstance().setActive(true)
            let openAL = try p.require(alcOpenDevice(nil), "an OpenAL device")
            _ = alcMakeContextCurrent(alcCreateContext(openAL, nil))
            var buffer: ALuint = 0
            var source: ALuint = 0
            alGenBuffers(1, &buffer)
            alGenSources(1, &source)
            let tone = (0..<48_000).map { Int16(16_000 * sin(2 * Double.pi * 1_000 * Double($0) / 48_000)) }
            tone.withUnsafeBytes { alBufferData(buffer, AL_FORMAT_MONO16, $0.baseAddress, ALsizei($0.count), 48_000) }
            alSourcei(source, AL_BUFFER, ALint(buffer))
            return source
        }
        _ = device.advance(by: .milliseconds(100))
        let played = device.now
        device.run(as: "Game") { alSourcePlay(source) }
        return played
    }
}
