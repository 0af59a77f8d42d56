import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import Soundcheck
import Testing

/// AUGraph: a player callback into a mixer into RemoteIO, heard at the speaker.
@Suite("AUGraph")
struct AUGraphTests {
    static func description(_ type: OSType, _ subType: OSType) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    /// The player: a 1 kHz sine at 0.8 on both channels at the mixer's 44.1 kHz, phase from the
    /// sample time.
    static func player(_ refCon: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                       _ timeStamp: UnsafePointer<AudioTimeStamp>, _ bus: UInt32, _ frames: UInt32,
                       _ ioData: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
        for buffer in UnsafeMutableAudioBufferListPointer(ioData!) {
            let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frames) {
                samples[frame] = 0.8 * Float(sin(2 * Double.pi * 1000 * (timeStamp.pointee.mSampleTime + Double(frame)) / 44_100))
            }
        }
        return 0
    }

    @Test("AU-GRAPH-SERVICES: player callback → mixer (bus volume 0.5) → RemoteIO: the tone reaches the speaker at 0.4, converted from 44.1 to 48 kHz")
    func graphIsHeard() throws {
        let device = try SimulatedDevice(seed: 30)
        var graph: AUGraph?
        try device.launch("Game", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            try check(NewAUGraph(&graph))
            let graph = try #require(graph)
            var output = Self.description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
            var mixer = Self.description(kAudioUnitType_Mixer, kAudioUnitSubType_MultiChannelMixer)
            var outputNode: AUNode = 0
            var mixerNode: AUNode = 0
            try check(AUGraphAddNode(graph, &output, &outputNode))
            try check(AUGraphAddNode(graph, &mixer, &mixerNode))
            try check(AUGraphOpen(graph))
            var mixerUnit: AudioUnit?
            try check(AUGraphNodeInfo(graph, mixerNode, nil, &mixerUnit))
            var buses: UInt32 = 1
            try check(AudioUnitSetProperty(mixerUnit!, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &buses, 4))
            try check(AudioUnitSetParameter(mixerUnit!, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 0, 0.5, 0))
            try check(AUGraphConnectNodeInput(graph, mixerNode, 0, outputNode, 0))
            var callback = AURenderCallbackStruct(inputProc: Self.player, inputProcRefCon: nil)
            try check(AUGraphSetNodeInputCallback(graph, mixerNode, 0, &callback))
            try check(AUGraphInitialize(graph))
            try check(AUGraphStart(graph))
        }
        var running = DarwinBoolean(false)
        #expect(AUGraphIsRunning(graph!, &running) == 0 && running.boolValue)
        device.advance(to: .seconds(1))
        let speaker = try #require(device.sink("Speaker"))
        for channel in 1...2 {
            let amplitude = try #require(speaker.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(200), to: .milliseconds(900)))
            #expect(abs(amplitude - 0.4) < 0.005)
            let frequency = try #require(speaker.dominantFrequency(channel: channel, from: .milliseconds(200), to: .milliseconds(900)))
            #expect(abs(frequency - 1000) < 1)
        }
        try device.run(as: "Game") {
            try check(AUGraphStop(graph!))
            #expect(AUGraphIsRunning(graph!, &running) == 0 && !running.boolValue)
            try check(AUGraphUninitialize(graph!))
            try check(DisposeAUGraph(graph!))
        }
        device.advance(to: .seconds(2))
        #expect(device.sink("Speaker")?.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)) == true)
    }

    @Test("AU-GRAPH-ONE-OUTPUT-NODE: graph misuse: unknown node −10860, a second output node −10862, starting before initializing −10867, a dead graph −50")
    func graphErrors() throws {
        var graph: AUGraph?
        #expect(NewAUGraph(&graph) == 0)
        let handle = try #require(graph)
        var output = Self.description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
        var node: AUNode = 0
        #expect(AUGraphAddNode(handle, &output, &node) == 0)
        var second: AUNode = 0
        #expect(AUGraphAddNode(handle, &output, &second) == kAUGraphErr_OutputNodeErr)
        #expect(AUGraphNodeInfo(handle, 99, nil, nil) == kAUGraphErr_NodeNotFound)
        #expect(AUGraphConnectNodeInput(handle, 99, 0, node, 0) == kAUGraphErr_NodeNotFound)
        #expect(AUGraphConnectNodeInput(handle, node, 0, node, 0) == kAUGraphErr_InvalidConnection)
        var unknown = Self.description(0x6175_6D75, 0x7861_7878)
        #expect(AUGraphAddNode(handle, &unknown, &second) == kAUGraphErr_InvalidAudioUnit)
        var unit: AudioUnit?
        #expect(AUGraphNodeInfo(handle, node, nil, &unit) == 0 && unit == nil)   // not open yet
        #expect(AUGraphStart(handle) == kAudioUnitErr_Uninitialized)
        #expect(AUGraphOpen(handle) == 0)
        #expect(AUGraphNodeInfo(handle, node, nil, &unit) == 0 && unit != nil)
        var count: UInt32 = 0
        #expect(AUGraphGetNodeCount(handle, &count) == 0 && count == 1)
        #expect(DisposeAUGraph(handle) == 0)
        #expect(AUGraphOpen(handle) == kAudio_ParamError)
    }
}
