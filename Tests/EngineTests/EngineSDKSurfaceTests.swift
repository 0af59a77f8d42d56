@testable import BuiltInChecks
import CoreMIDI
import Foundation
import AVFAudio
import AudioToolbox
import CoreMedia
import SimCore
import Soundcheck
import Testing

/// The smaller pieces of AVFAudio's surface: compressed buffers, a converter's encoder settings,
/// Universal MIDI Packet event lists sent to an instrument, the environment node's output type
/// and the 3D makers.
@Suite("AVFAudio surface: compressed buffers, encoder settings, event lists, 3D makers")
struct EngineSDKSurfaceTests {
    @Test("AVAudioCompressedBuffer: an AAC buffer has a description per packet and room for the largest packet; an IMA4 buffer's packets are fixed and have none")
    func compressedBuffers() throws {
        var aac = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0, mBytesPerPacket: 0,
                                              mFramesPerPacket: 1_024, mBytesPerFrame: 0, mChannelsPerFrame: 2, mBitsPerChannel: 0, mReserved: 0)
        let aacFormat = try #require(AVAudioFormat(streamDescription: &aac))
        let buffer = AVAudioCompressedBuffer(format: aacFormat, packetCapacity: 8, maximumPacketSize: 1_536)
        #expect(buffer.packetCapacity == 8 && buffer.maximumPacketSize == 1_536 && buffer.byteCapacity == 12_288)
        let descriptions = try #require(buffer.packetDescriptions)
        descriptions[3] = AudioStreamPacketDescription(mStartOffset: 900, mVariableFramesInPacket: 0, mDataByteSize: 310)
        buffer.data.storeBytes(of: 0xAB, toByteOffset: 900, as: UInt8.self)
        buffer.packetCount = 4
        buffer.byteLength = 1_210
        #expect(buffer.packetCount == 4 && buffer.byteLength == 1_210)
        let list = buffer.audioBufferList.pointee
        #expect(list.mBuffers.mDataByteSize == 1_210 && list.mBuffers.mNumberChannels == 2)
        #expect(list.mBuffers.mData?.load(fromByteOffset: 900, as: UInt8.self) == 0xAB)
        buffer.packetCount = 99
        #expect(buffer.packetCount == 8, "clamped to the capacity")
        #expect(AVAudioCompressedBuffer(format: aacFormat, packetCapacity: 4).maximumPacketSize == 1_536, "AAC: 768 bytes per channel")

        var ima = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatAppleIMA4, mFormatFlags: 0, mBytesPerPacket: 34,
                                              mFramesPerPacket: 64, mBytesPerFrame: 0, mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
        let fixed = AVAudioCompressedBuffer(format: try #require(AVAudioFormat(streamDescription: &ima)), packetCapacity: 10)
        #expect(fixed.maximumPacketSize == 34 && fixed.byteCapacity == 340 && fixed.packetDescriptions == nil)
    }

    @Test("a PCM converter keeps the encoder settings it is given and offers no encoder lists")
    func converterEncoderSettings() throws {
        let converter = try #require(AVAudioConverter(from: EngineSignals.stereo48, to: EngineSignals.mono48))
        #expect(converter.bitRate == 0 && converter.bitRateStrategy == nil && converter.magicCookie == nil)
        #expect(converter.contentSource == .unspecified && converter.dynamicRangeControlConfiguration == .none)
        converter.bitRate = 128_000
        converter.bitRateStrategy = AVAudioBitRateStrategy_Variable
        converter.contentSource = .music_Spatial
        converter.dynamicRangeControlConfiguration = .music
        #expect(converter.bitRate == 128_000 && converter.bitRateStrategy == AVAudioBitRateStrategy_Variable)
        #expect(converter.contentSource.rawValue == 37 && converter.dynamicRangeControlConfiguration.rawValue == 1)
        #expect(converter.availableEncodeBitRates == nil && converter.applicableEncodeSampleRates == nil
                && converter.availableEncodeChannelLayoutTags == nil)
    }

    /// A one-event list of `words` at time 0.
    static func eventList(_ protocolID: MIDIProtocolID, _ words: [UInt32]) -> UnsafeMutablePointer<MIDIEventList> {
        let list = UnsafeMutableRawPointer.allocate(byteCount: 1_024, alignment: 8).bindMemory(to: MIDIEventList.self, capacity: 1)
        let packet = MIDIEventListInit(list, protocolID)
        _ = words.withUnsafeBufferPointer { MIDIEventListAdd(list, 1_024, packet, 0, words.count, $0.baseAddress!) }
        return list
    }

    @Test("send(_:) plays a MIDI 2.0 note-on from an event list at 440 Hz for note 69, and a MIDI 1.0 note-off from another silences it")
    func instrumentPlaysEventLists() throws {
        let (engine, sampler) = try EngineSamplerTests.offlineSampler()
        let on = MIDI2NoteOn(0, 0, 69, 0, 0, 0xFFFF)
        let noteOn = Self.eventList(._2_0, [on.word0, on.word1])
        defer { noteOn.deallocate() }
        sampler.send(noteOn)
        let note = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 1), channel: 0)
        #expect(note[0] != 0, "the note sounds from the next render")
        #expect(abs(EngineSamplerTests.frequency(note[...]) - 440) <= 1.5)
        let noteOff = Self.eventList(._1_0, [MIDI1UPNoteOff(0, 0, 69, 0)])
        defer { noteOff.deallocate() }
        sampler.send(noteOff)
        let after = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.1), channel: 0)
        #expect(after[1_440...].allSatisfy { $0 == 0 }, "silent once the release is over")
    }

    @Test("the environment node renders for the route unless told otherwise; the 3D makers build what the initializers build")
    func environmentAndMakers() {
        let environment = AVAudioEnvironmentNode()
        #expect(environment.outputType == .auto && !environment.isListenerHeadTrackingEnabled)
        environment.outputType = .headphones
        #expect(environment.outputType.rawValue == 1)
        #expect(AVAudioMake3DPoint(1, 2, 3) == AVAudio3DPoint(x: 1, y: 2, z: 3))
        #expect(AVAudioMake3DVectorOrientation(AVAudioMake3DVector(0, 0, -1), AVAudioMake3DVector(0, 1, 0))
                == AVAudio3DVectorOrientation(forward: AVAudio3DVector(x: 0, y: 0, z: -1), up: AVAudio3DVector(x: 0, y: 1, z: 0)))
        #expect(AVAudioMake3DAngularOrientation(90, 0, 0).yaw == 90)
        #expect(AVAudio3DAngularOrientation() == AVAudio3DAngularOrientation(yaw: 0, pitch: 0, roll: 0))
        #expect(AVAudio3DVectorOrientation().forward == AVAudio3DPoint())
        #expect(AVAUDIOENGINE_HAVE_MUSICPLAYER == 1 && AVAUDIONODE_HAVE_AUAUDIOUNIT == 1)
    }

    @Test("a format goes to a Core Media description and back unchanged, its channel layout with it")
    func coreMediaRoundTrip() throws {
        let surround = try #require(AVAudioChannelLayout(layoutTag: kAudioChannelLayoutTag_MPEG_5_1_A))
        for format in [EngineSignals.stereo48, AVAudioFormat(standardFormatWithSampleRate: 44_100, channelLayout: surround)] {
            let description = format.formatDescription
            #expect(CMFormatDescriptionGetMediaType(description) == kCMMediaType_Audio)
            #expect(CMAudioFormatDescriptionGetStreamBasicDescription(description)?.pointee.mSampleRate == format.sampleRate)
            let back = AVAudioFormat(cmAudioFormatDescription: description)
            #expect(back == format)
            #expect(back.channelLayout?.layoutTag == format.channelLayout?.layoutTag)
        }
        #expect(AVAudioFormat().formatDescription.audioStreamBasicDescription.mSampleRate == 0, "the zero format has a description too")
    }

    @Test("a buffer over the app's own memory reads and writes that memory, holds what it holds, and hands it back when released")
    func bufferListNoCopy() throws {
        let frames = 256
        let left = UnsafeMutablePointer<Float>.allocate(capacity: frames), right = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        left.initialize(repeating: 0.25, count: frames)
        right.initialize(repeating: -0.5, count: frames)
        let list = AudioBufferList.allocate(maximumBuffers: 2)
        let bytes = UInt32(frames * MemoryLayout<Float>.size)
        list[0] = AudioBuffer(mNumberChannels: 1, mDataByteSize: bytes, mData: left)
        list[1] = AudioBuffer(mNumberChannels: 1, mDataByteSize: bytes, mData: right)
        nonisolated(unsafe) var returned: UnsafePointer<AudioBufferList>?
        do {
            let buffer = try #require(AVAudioPCMBuffer(pcmFormat: EngineSignals.stereo48, bufferListNoCopy: list.unsafePointer) { returned = $0 })
            #expect(buffer.frameCapacity == 256 && buffer.frameLength == 256)
            #expect(buffer.floatChannelData![0][10] == 0.25 && buffer.floatChannelData![1][10] == -0.5)
            buffer.floatChannelData![1][3] = 0.75
            #expect(right[3] == 0.75, "the app's memory, not a copy")
            #expect(AVAudioPCMBuffer(pcmFormat: EngineSignals.mono48, bufferListNoCopy: list.unsafePointer) == nil, "two buffers for a mono format")
        }
        #expect(returned == list.unsafePointer, "the deallocator got the list back")
        left.deallocate()
        right.deallocate()
        free(list.unsafeMutablePointer)
    }

    @Test("a muted voice-processing input tells its listener when the user starts talking and, half a second after they stop, that they stopped")
    func mutedSpeechActivity() throws {
        let device = try SimulatedDevice(seed: 8)
        try device.launch("Call", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Call", granted: true)
        nonisolated(unsafe) var heard: [(AVAudioVoiceProcessingSpeechActivityEvent, HostTime)] = []
        let engine = try device.run(as: "Call") { () throws -> AVAudioEngine in
            let engine = AVAudioEngine()
            try engine.inputNode.setVoiceProcessingEnabled(true)
            engine.connect(engine.inputNode, to: engine.mainMixerNode, format: engine.inputNode.outputFormat(forBus: 0))
            engine.mainMixerNode.outputVolume = 0
            #expect(engine.inputNode.setMutedSpeechActivityEventListener { heard.append(($0, device.now)) })
            engine.inputNode.voiceProcessingOtherAudioDuckingConfiguration = .init(enableAdvancedDucking: true, duckingLevel: .max)
            try engine.start()
            engine.inputNode.isVoiceProcessingInputMuted = true
            return engine
        }
        device.advance(to: .seconds(1))
        #expect(heard.isEmpty, "silence at the microphone")
        let mic = try #require(device.server.currentRoute.inputs.first?.uid)
        let talker = device.attachInputSource(mic, .sine(frequency: 300, amplitude: 0.2))
        device.advance(to: .seconds(2))
        device.stop(talker)
        device.advance(to: .seconds(3))
        #expect(heard.map(\.0) == [.started, .ended])
        if heard.count == 2 {
            #expect(heard[0].1 >= .seconds(1) && heard[0].1 < .milliseconds(1_100), "started within a cycle or two of the talking")
            #expect(heard[1].1 >= .milliseconds(2_500) && heard[1].1 < .milliseconds(2_600), "ended half a second after it")
        }
        let unit = try #require(engine.inputNode.audioUnit)
        var ducking = AUVoiceIOOtherAudioDuckingConfiguration()
        var size = UInt32(MemoryLayout<AUVoiceIOOtherAudioDuckingConfiguration>.size)
        #expect(AudioUnitGetProperty(unit, kAUVoiceIOProperty_OtherAudioDuckingConfiguration, kAudioUnitScope_Global, 0, &ducking, &size) == 0)
        #expect(ducking.mDuckingLevel == .max && ducking.mEnableAdvancedDucking.boolValue, "the node's configuration is the unit's")
        device.run(as: "Call") { engine.stop() }
    }

    @Test("AVAudioUnit.instantiate makes Apple's units as their node classes and refuses a description no component matches")
    func instantiate() async throws {
        let limiter = try await AVAudioUnit.instantiate(with: AudioComponentDescription(
            componentType: kAudioUnitType_Effect, componentSubType: kAudioUnitSubType_PeakLimiter,
            componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0))
        #expect(limiter is AVAudioUnitEffect && limiter.name == "AUPeakLimiter")
        let sampler = try await AVAudioUnit.instantiate(with: AudioComponentDescription(
            componentType: kAudioUnitType_MusicDevice, componentSubType: kAudioUnitSubType_Sampler,
            componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0), options: .loadOutOfProcess)
        #expect(sampler is AVAudioUnitSampler)
        let unknown = AudioComponentDescription(componentType: kAudioUnitType_Effect, componentSubType: 0x7A7A_7A7A,
                                                componentManufacturer: 0x7A7A_7A7A, componentFlags: 0, componentFlagsMask: 0)
        let error = await #expect(throws: NSError.self) { try await AVAudioUnit.instantiate(with: unknown) }
        #expect(error?.domain == AVFAudio.NSOSStatusErrorDomain && error?.code == -3000)
    }
}
