@testable import Conformance
import AudioFiles
@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import SimCore
import Soundcheck
import Testing

/// Audio Queue output on the simulated device: pulled by the IO cycle, buffers handed back on the
/// scheduler, the hardware codec as a device resource, and the interruption rules of the 2010
/// talk (WWDC 2010 session "Audio Development for iPhone OS, Part 1").
@Suite("Audio Queue")
struct AudioQueueTests {
    static func launch(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category,
                       options: AVAudioSession.CategoryOptions = [], player: AudioQueueFilePlayer, handlesHardware: Bool = true) throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category, options: options)
            try AVAudioSession.sharedInstance().setActive(true)
            player.observeInterruptions(usesHardwareCodec: handlesHardware)
            #expect(player.play() == noErr)
        }
    }

    static func mp3Player(frequency: Int) throws -> AudioQueueFilePlayer {
        AudioQueueFilePlayer(data: try TestToneFile.mp3(frequency: frequency, amplitude: 0.5, seconds: 4), format: AudioQueueFilePlayer.mp3Format())
    }

    static func aacPlayer(frequency: Int) throws -> AudioQueueFilePlayer {
        let stream = try TestToneFile.aac(frequency: frequency, amplitude: 0.5, seconds: 4)
        return AudioQueueFilePlayer(packets: stream.packets, magicCookie: stream.magicCookie,
                                    format: AudioQueueFilePlayer.packetFormat(kAudioFormatMPEG4AAC, framesPerPacket: 1024))
    }

    static func rms(_ device: SimulatedDevice, from: HostTime, to: HostTime) throws -> Double {
        try #require(device.sink("Speaker")?.level(channel: 1, from: from, to: to)).rms
    }

    @Test("an output queue's 16-bit PCM tone reaches both speaker channels; buffers come back and queue time advances")
    func pcmQueuePlays() throws {
        let device = try SimulatedDevice(seed: 1)
        let wav = TestToneFile.wav(frequency: 1000, amplitude: 0.5, sampleRate: 44_100, seconds: 1)
        let pcm = wav.subdata(in: 44..<wav.count)
        let format = ConverterTests.format(rate: 44_100, channels: 1, int16Interleaved: true)
        let player = AudioQueueFilePlayer(data: pcm, format: format)
        try Self.launch(device, "Player", category: .playback, player: player)
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        for channel in 1...2 {
            let level = try #require(speaker.level(channel: channel, from: .milliseconds(200), to: .milliseconds(1800)))
            #expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 0.01)
            let frequency = try #require(speaker.dominantFrequency(channel: channel, from: .milliseconds(200), to: .milliseconds(1800)))
            #expect(abs(frequency - 1000) < 2)
        }
        let time = try #require(device.run(as: "Player") { player.currentSampleTime() })
        #expect(abs(time - 2 * 44_100) < 4096, "queue time \(time) frames after 2 s")
        #expect(player.runningChanges == [1])
    }

    @Test("an Apple Lossless queue (packets with descriptions, the ALAC cookie) plays its tone at its level; without the cookie enqueueing fails")
    func appleLosslessQueuePlays() throws {
        let device = try SimulatedDevice(seed: 9)
        let stream = try TestToneFile.appleLossless(frequency: 750, amplitude: 0.5, seconds: 2)
        let player = AudioQueueFilePlayer(packets: stream.packets, magicCookie: stream.magicCookie,
                                          format: AudioQueueFilePlayer.packetFormat(kAudioFormatAppleLossless, framesPerPacket: 4096))
        try Self.launch(device, "Player", category: .playback, player: player)
        device.advance(to: .seconds(2))
        let speaker = try #require(device.sink("Speaker"))
        let amplitude = try #require(speaker.toneAmplitude(atFrequency: 750, channel: 2, from: .milliseconds(300), to: .milliseconds(1800)))
        #expect(abs(amplitude - 0.5) < 0.01, "750 Hz at \(amplitude)")
        try device.run(as: "Player") {
            var format = AudioQueueFilePlayer.packetFormat(kAudioFormatAppleLossless, framesPerPacket: 4096)
            var queue: AudioQueueRef?
            #expect(AudioQueueNewOutput(&format, { _, _, _ in }, nil, nil, nil, 0, &queue) == noErr)
            let aq = try #require(queue)
            var buffer: AudioQueueBufferRef?
            #expect(AudioQueueAllocateBuffer(aq, UInt32(stream.packets[0].count), &buffer) == noErr)
            let first = try #require(buffer)
            stream.packets[0].withUnsafeBytes { first.pointee.mAudioData.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            first.pointee.mAudioDataByteSize = UInt32(stream.packets[0].count)
            var description = AudioStreamPacketDescription(mStartOffset: 0, mVariableFramesInPacket: 0, mDataByteSize: UInt32(stream.packets[0].count))
            #expect(AudioQueueEnqueueBuffer(aq, first, 1, &description) == kAudioFormatUnsupportedDataFormatError)
            #expect(AudioQueueDispose(aq, true) == noErr)
        }
    }

    @Test("SESSION-ACTIVATE-NONMIXABLE-HARDWARE-CODEC: a soloAmbient game decodes its AAC soundtrack with the hardware codec, a mixable background player its MP3 in software, both heard")
    func hardwareAndSoftwareTogether() throws {
        let device = try SimulatedDevice(seed: 2)
        let music = try Self.mp3Player(frequency: 1500)
        try Self.launch(device, "Radio", category: .playback, options: .mixWithOthers, player: music)
        device.advance(to: .seconds(1))
        // The game comes to the foreground; the radio plays on in the background.
        let game = try Self.aacPlayer(frequency: 500)
        try Self.launch(device, "Game", category: .soloAmbient, player: game)
        device.advance(to: .seconds(2))
        #expect(device.events("codec.hardware.acquired", app: "Game").count == 1)
        let speaker = try #require(device.sink("Speaker"))
        // Each tone at the amplitude it was encoded with (0.5): both are heard.
        let game500 = try #require(speaker.toneAmplitude(atFrequency: 500, channel: 1, from: .milliseconds(1300), to: .milliseconds(1900)))
        let radio1500 = try #require(speaker.toneAmplitude(atFrequency: 1500, channel: 1, from: .milliseconds(1300), to: .milliseconds(1900)))
        #expect(abs(game500 - 0.5) < 0.05 && abs(radio1500 - 0.5) < 0.05, "game's AAC tone \(game500), radio's MP3 tone \(radio1500)")
        #expect(device.events("codec.software", app: "Radio").count == 1)
        #expect(device.events("codec.hardware.acquired", app: "Radio").isEmpty)
        let alone = try Self.rms(device, from: .milliseconds(300), to: .milliseconds(900))
        let together = try Self.rms(device, from: .milliseconds(1300), to: .milliseconds(1900))
        #expect(abs(alone - 0.5 / 2.0.squareRoot()) < 0.03, "radio alone \(alone)")
        // Two uncorrelated sines of equal level: √2 times the level of one.
        #expect(abs(together - 0.5) < 0.04, "radio and game together \(together)")
    }

    @Test("SESSION-CATEGORY-SOLOAMBIENT-HARDWARE-CODEC: a second non-mixable app takes the hardware codec and silences the first")
    func secondNonMixableTakesCodec() throws {
        let device = try SimulatedDevice(seed: 3)
        let first = try Self.mp3Player(frequency: 500)
        try Self.launch(device, "Game", category: .soloAmbient, player: first)
        device.advance(to: .seconds(1))
        let second = try Self.mp3Player(frequency: 1500)
        try Self.launch(device, "Music", category: .playback, player: second)
        device.advance(to: .seconds(2))
        // The game, interrupted, disposes its hardware-codec queue (giving the codec back); the
        // second app's queue gets it.
        #expect(device.events("codec.hardware.released", app: "Game").count == 1)
        #expect(device.events("codec.hardware.acquired", app: "Music").count == 1)
        let speaker = try #require(device.sink("Speaker"))
        #expect(abs((speaker.dominantFrequency(channel: 1, from: .milliseconds(200), to: .milliseconds(900)) ?? 0) - 500) < 2)
        #expect(abs((speaker.dominantFrequency(channel: 1, from: .milliseconds(1200), to: .milliseconds(1900)) ?? 0) - 1500) < 2)
        let after = try Self.rms(device, from: .milliseconds(1200), to: .milliseconds(1900))
        #expect(abs(after - 0.5 / 2.0.squareRoot()) < 0.03, "only the second app is heard: \(after)")
    }

    @Test("SESSION-INTERRUPT-AUDIOQUEUE-HARDWARE-CODEC: a call tears down the hardware-codec queue; after 'ended' a recreated queue plays, a restarted one fails with kAudioQueueErr_CannotStart")
    func interruptionTearsDownHardwareQueue() throws {
        for mistaken in [false, true] {
            let device = try SimulatedDevice(seed: 4)
            let game = try Self.mp3Player(frequency: 500)
            game.restartsHardwareQueue = mistaken
            try Self.launch(device, "Game", category: .soloAmbient, player: game)
            device.advance(to: .seconds(1))
            try device.perform(.incomingCall(caller: "Mum"))
            device.advance(to: .seconds(2))
            try device.perform(.declineCall)
            device.advance(to: .seconds(3))
            #expect(try Self.rms(device, from: .milliseconds(1200), to: .milliseconds(1900)) < 0.001)
            let after = try Self.rms(device, from: .milliseconds(2300), to: .milliseconds(2900))
            if mistaken {
                #expect(game.lastStatus == kAudioQueueErr_CannotStart)
                #expect(device.events("audioQueue.tornDown").count == 1)
                #expect(after < 0.001)
            } else {
                #expect(game.lastStatus == noErr)
                #expect(abs(after - 0.5 / 2.0.squareRoot()) < 0.03, "recreated queue heard: \(after)")
            }
        }
    }

    @Test("a first app that keeps its hardware-codec queue through the interruption loses the codec to the second: its queue is torn down")
    func keptQueueIsRevoked() throws {
        let device = try SimulatedDevice(seed: 8)
        let first = try Self.mp3Player(frequency: 500)
        first.restartsHardwareQueue = true
        try Self.launch(device, "Game", category: .soloAmbient, player: first)
        device.advance(to: .seconds(1))
        let second = try Self.mp3Player(frequency: 1500)
        try Self.launch(device, "Music", category: .playback, player: second)
        device.advance(to: .seconds(2))
        #expect(device.events("codec.hardware.revoked", app: "Game").count == 1)
        #expect(device.events("audioQueue.tornDown").count == 1)
        #expect(device.events("codec.hardware.acquired", app: "Music").count == 1)
        let speaker = try #require(device.sink("Speaker"))
        #expect(abs((speaker.dominantFrequency(channel: 1, from: .milliseconds(1200), to: .milliseconds(1900)) ?? 0) - 1500) < 2)
        withExtendedLifetime(second) {}
    }
}
