import Foundation
import MediaServer
import AVFAudio
import OpenAL
import SimCore
import Soundcheck
import VirtualDevices

/// Apple's OpenAL extensions on OpenAL Soft, used the way a game uses them: the functions from
/// `alcGetProcAddress` cast to the header's proc-pointer types, heard at the speaker or read back
/// through the output capturer.
enum OpenALChecks {
    /// Launches a soloAmbient game whose positional 1 kHz source plays at `x` (after asking for
    /// `outputChannels` when given); returns `alGetError()`.
    static func launch(_ device: SimulatedDevice, _ game: PositionalGame, at x: ALfloat, outputChannels: Int? = nil) throws -> ALenum {
        try device.launch("Game") { () throws -> ALenum in
            try AVAudioSession.sharedInstance().setCategory(.soloAmbient)
            try AVAudioSession.sharedInstance().setActive(true)
            if let outputChannels { try AVAudioSession.sharedInstance().setPreferredOutputNumberOfChannels(outputChannels) }
            game.observeInterruptions()
            return game.start(frequency: 1000, at: x)
        }
    }

    /// An extension function by name, as the proc-pointer type the app casts it to.
    static func proc<T>(_ name: String, _ type: T.Type) throws -> T {
        unsafeBitCast(try CheckProbe.required(alcGetProcAddress(nil, name), "alcGetProcAddress(\"\(name)\")"), to: type)
    }

    /// The output capturer's five functions.
    struct Capturer {
        let prepare: alcOutputCapturerPrepareProcPtr
        let start: alcOutputCapturerStartProcPtr
        let stop: alcOutputCapturerStopProcPtr
        let available: alcOutputCapturerAvailableSamplesProcPtr
        let samples: alcOutputCapturerSamplesProcPtr

        init() throws {
            prepare = try proc("alcOutputCapturerPrepare", alcOutputCapturerPrepareProcPtr.self)
            start = try proc("alcOutputCapturerStart", alcOutputCapturerStartProcPtr.self)
            stop = try proc("alcOutputCapturerStop", alcOutputCapturerStopProcPtr.self)
            available = try proc("alcOutputCapturerAvailableSamples", alcOutputCapturerAvailableSamplesProcPtr.self)
            samples = try proc("alcOutputCapturerSamples", alcOutputCapturerSamplesProcPtr.self)
        }
    }

    static func rms(_ x: [Double]) -> Double { (x.reduce(0) { $0 + $1 * $1 } / Double(max(1, x.count))).squareRoot() }

    /// Two sources of a 22.05 kHz buffer, each a tone a resampler must bring to the 48 kHz mix:
    /// the images a cheap resampler leaves at 22 050 − f are what tells the qualities apart.
    struct TwoTones {
        static let rate = 22_050
        let tones: [Int]
        var sources: [ALuint] = [0, 0]
        var buffers: [ALuint] = [0, 0]

        init(_ tones: [Int]) { self.tones = tones }

        mutating func start() {
            let device = alcOpenDevice(nil)
            _ = alcMakeContextCurrent(alcCreateContext(device, nil))
            alGenBuffers(2, &buffers)
            alGenSources(2, &sources)
            for (index, hz) in tones.enumerated() {
                let samples = (0..<Self.rate).map { Int16(6_000 * sin(2 * Double.pi * Double(($0 * hz) % Self.rate) / Double(Self.rate))) }
                samples.withUnsafeBytes { alBufferData(buffers[index], AL_FORMAT_MONO16, $0.baseAddress, ALsizei($0.count), ALsizei(Self.rate)) }
                alSourcei(sources[index], AL_BUFFER, ALint(buffers[index]))
                alSourcei(sources[index], AL_LOOPING, AL_TRUE)
                alSourcePlay(sources[index])
            }
        }
    }

    /// The image of `tone` (at 22 050 − tone) against the tone, in dB, at the speaker's left channel.
    static func imageDB(_ device: SimulatedDevice, tone: Int, from: HostTime, to: HostTime) throws -> Double {
        let sink = try CheckProbe.required(device.sink("Speaker"), "the speaker's sink")
        let fundamental = try CheckProbe.required(sink.toneAmplitude(atFrequency: Double(tone), channel: 1, from: from, to: to), "the tone")
        let image = try CheckProbe.required(sink.toneAmplitude(atFrequency: Double(TwoTones.rate - tone), channel: 1, from: from, to: to), "its image")
        return 20 * log10(max(image, 1e-9) / max(fundamental, 1e-9))
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["OPENAL-OUTPUT-CAPTURE"],
                     "the capturer hands the app what its context rendered: the left source's tone, louder on the left, at the rate and format it asked for") { p in
            let device = try p.device()
            let game = PositionalGame()
            p.expect(try launch(device, game, at: -1), equals: AL_NO_ERROR, "the game starts")
            let capturer = try Capturer()
            p.expect(alcGetProcAddress(nil, "alcNoSuchFunction") == nil, "an unknown name gives nil")
            device.advance(to: .milliseconds(300))
            device.run(as: "Game") {
                capturer.prepare(48_000, ALCenum(AL_FORMAT_STEREO16), 24_000)
                capturer.start()
            }
            device.advance(to: .milliseconds(550))
            let (count, stereo, left) = device.run(as: "Game") { () -> (Int, [Int16], Int) in
                let count = Int(capturer.available())
                var samples = [Int16](repeating: 0, count: 2 * count)
                samples.withUnsafeMutableBytes { capturer.samples($0.baseAddress, ALCsizei(count)) }
                return (count, samples, Int(capturer.available()))
            }
            p.expect(abs(count - 12_000) <= 1_024, "a quarter second captured at 48 kHz: \(count)")
            p.expect(left, equals: 0, "nothing left after reading all")
            let leftChannel = stereo.enumerated().filter { $0.offset % 2 == 0 }.map { Double($0.element) / 32_768 }
            let rightChannel = stereo.enumerated().filter { $0.offset % 2 == 1 }.map { Double($0.element) / 32_768 }
            p.expect(rms(leftChannel) > 2 * rms(rightChannel) && rms(leftChannel) > 0.05,
                     "the left source louder on the left: left \(rms(leftChannel)), right \(rms(rightChannel))")
            // At 22.05 kHz mono: the same 1 kHz tone, 5 512 samples per quarter second.
            device.run(as: "Game") { capturer.prepare(22_050, ALCenum(AL_FORMAT_MONO16), 11_025) }
            device.advance(to: .milliseconds(800))
            let mono = device.run(as: "Game") { () -> [Int16] in
                let count = Int(capturer.available())
                var samples = [Int16](repeating: 0, count: count)
                samples.withUnsafeMutableBytes { capturer.samples($0.baseAddress, ALCsizei(count)) }
                capturer.stop()
                return samples
            }
            p.expect(abs(mono.count - 5_512) <= 512, "\(mono.count) samples at 22.05 kHz")
            // The capture ends with the last whole IO cycle rendered: crossings are counted
            // against what was actually captured.
            let crossings = zip(mono, mono.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
            let expected = Double(mono.count) / 22_050 * 1_000
            p.expect(abs(Double(crossings) - expected) <= 3, "\(crossings) upward crossings in \(mono.count) samples at 22.05 kHz")
        },
        BuiltInCheck(["OPENAL-PER-SOURCE-QUALITY"],
                     "alSourceRenderingQuality gives one source the high quality: its 22.05 kHz tone mixes cleanly while the low-quality source beside it leaves an image") { p in
            let device = try p.device()
            var world = TwoTones([6_000, 7_000])
            try device.launch("Game") {
                try AVAudioSession.sharedInstance().setCategory(.soloAmbient)
                try AVAudioSession.sharedInstance().setActive(true)
                world.start()
            }
            let setSource = try proc("alSourceRenderingQuality", alSourceRenderingQualityProcPtr.self)
            let getSource = try proc("alSourceGetRenderingQuality", alSourceGetRenderingQualityProcPtr.self)
            let setContext = try proc("alcMacOSXRenderingQuality", alcMacOSXRenderingQualityProcPtr.self)
            let getContext = try proc("alcMacOSXGetRenderingQuality", alcMacOSXGetRenderingQualityProcPtr.self)
            let (high, low) = (ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_HIGH, ALC_MAC_OSX_SPATIAL_RENDERING_QUALITY_LOW)
            let sources = world.sources
            let defaults = device.run(as: "Game") { (getContext(), sources.map { getSource($0) }) }
            p.expect(defaults.0, equals: low, "the context's default quality is low ('rdlo')")
            p.expect(defaults.1, equals: [low, low], "new sources take the context's quality")
            device.advance(to: .milliseconds(300))
            let before = try (imageDB(device, tone: 6_000, from: .milliseconds(100), to: .milliseconds(300)),
                              imageDB(device, tone: 7_000, from: .milliseconds(100), to: .milliseconds(300)))
            let chosen = device.run(as: "Game") { () -> [ALint] in
                setSource(sources[0], high)
                setSource(sources[1], 0x1234)
                return sources.map { getSource($0) }
            }
            p.expect(chosen, equals: [high, low], "the 6 kHz source is high ('rqhi'); an unknown value is ignored")
            device.advance(to: .milliseconds(600))
            let after = try (imageDB(device, tone: 6_000, from: .milliseconds(400), to: .milliseconds(600)),
                             imageDB(device, tone: 7_000, from: .milliseconds(400), to: .milliseconds(600)))
            p.expect(before.0 > -30 && before.1 > -30, "both low: images at \(before.0) and \(before.1) dB")
            p.expect(after.0 < -45, "the high-quality source's image falls to \(after.0) dB")
            p.expect(after.1 > -30, "the low-quality source's image stays at \(after.1) dB")
            let reset = device.run(as: "Game") { () -> [ALint] in
                setContext(ALC_IPHONE_SPATIAL_RENDERING_QUALITY_HEADPHONES)
                return sources.map { getSource($0) } + [getContext()]
            }
            p.expect(reset, equals: Array(repeating: ALC_IPHONE_SPATIAL_RENDERING_QUALITY_HEADPHONES, count: 3),
                     "alcMacOSXRenderingQuality resets every source's quality")
            device.advance(to: .milliseconds(900))
            let headphones = try imageDB(device, tone: 7_000, from: .milliseconds(700), to: .milliseconds(900))
            p.expect(headphones < -45, "the 7 kHz source renders cleanly at the headphone quality: image \(headphones) dB")
        },
        BuiltInCheck(["MULTICHANNEL-OPENAL-OUTPUT"],
                     "a game that asks for HDMI 5.1's six channels gets OpenAL rendering to them: a source behind on the left sounds on the left surround, one ahead on the front pair") { p in
            let device = try p.device()
            try device.attach("hdmi:6")
            let game = PositionalGame()
            p.expect(try launch(device, game, at: -1, outputChannels: 6), equals: AL_NO_ERROR, "the game starts")
            device.run(as: "Game") { alSource3f(game.source, AL_POSITION, -1, 0, 1) }
            device.advance(to: .milliseconds(400))
            let behindLeft = (1...6).map { device.peakDBFS("HDMIOutput-1", channel: $0) }
            device.run(as: "Game") { alSource3f(game.source, AL_POSITION, 0, 0, -1) }
            device.advance(to: .milliseconds(800))
            let ahead = (1...6).map { device.peakDBFS("HDMIOutput-1", channel: $0) }
            let loudest = (behindLeft.indices.max { behindLeft[$0] < behindLeft[$1] } ?? -1) + 1
            // HDMI's 5.1 channels: left, right, centre, LFE, left surround, right surround.
            p.expect(loudest, equals: 5, "behind on the left: the left surround is loudest of \(behindLeft)")
            p.expect(behindLeft[4] > -30 && behindLeft[5] < behindLeft[4] - 6 && behindLeft[0] < -60 && behindLeft[1] < -60,
                     "the right surround quieter, the front pair silent: \(behindLeft)")
            p.expect(ahead[0] > -30 && abs(ahead[0] - ahead[1]) < 1 && ahead[4] < -60 && ahead[5] < -60,
                     "ahead: the front pair alike, the surrounds silent: \(ahead)")
        },
    ] }
}
