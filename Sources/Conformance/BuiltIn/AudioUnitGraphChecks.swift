import Foundation
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck

/// Units found and connected: the component manager's search, the two IO units, AUGraph's
/// services and misuse codes, and a mixer rendering into its own buffers.
enum AudioUnitGraphChecks {
    static func all(matching search: AudioComponentDescription) -> [AudioComponent] {
        var search = search
        var found: [AudioComponent] = []
        var next = AudioComponentFindNext(nil, &search)
        while let component = next {
            found.append(component)
            next = AudioComponentFindNext(component, &search)
        }
        return found
    }

    static func name(_ component: AudioComponent) -> String? {
        var name: Unmanaged<CFString>?
        guard AudioComponentCopyName(component, &name) == 0 else { return nil }
        return name?.takeRetainedValue() as String?
    }

    static func description(_ type: OSType, _ subType: OSType) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    /// The graph's player: a 1 kHz sine at 0.8 on both channels at the mixer's 44.1 kHz, phase from the sample time.
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

    static var all: [BuiltInCheck] { components + graphs }

    static var components: [BuiltInCheck] { [
        BuiltInCheck(["AU-FIND-NEXT-WILDCARD"], "a wildcard search walks every component, RemoteIO first, in the same order each time, and AudioComponentCount agrees") { p in
            var any = AudioComponentDescription()
            let first = all(matching: any).map { name($0) }
            let second = all(matching: any).map { name($0) }
            p.expect(first == second, "two wildcard walks find the same components in the same order")
            p.expect(first.first ?? nil, equals: "Apple: AURemoteIO", "the first component")
            p.expect(AudioComponentCount(&any), equals: UInt32(first.count), "AudioComponentCount of the wildcard")
        },
        BuiltInCheck(["AU-TWO-IO-UNITS"], "the output units are RemoteIO and VoiceProcessingIO; RemoteIO is found by its full description, named, described and versioned") { p in
            var description = description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
            var outputs = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: 0, componentManufacturer: 0,
                                                    componentFlags: 0, componentFlagsMask: 0)
            p.expect(all(matching: outputs).map { name($0) }, equals: ["Apple: AURemoteIO", "Apple: AUVoiceProcessor"], "the output units")
            p.expect(AudioComponentCount(&outputs), equals: 2, "AudioComponentCount of the output type")
            let component = try p.require(AudioComponentFindNext(nil, &description), "RemoteIO by its full description")
            p.expect(name(component), equals: "Apple: AURemoteIO", "RemoteIO's name")
            var described = AudioComponentDescription()
            p.expect(AudioComponentGetDescription(component, &described), equals: 0, "AudioComponentGetDescription")
            p.expect(described == description, "its description is the one searched for")
            p.expect(described.componentType == 0x6175_6F75 && described.componentSubType == 0x7269_6F63, "'auou' and 'rioc'")
            var version: UInt32 = 0
            p.expect(AudioComponentGetVersion(component, &version) == 0 && version > 0, "a version")
            p.expect(AudioComponentFindNext(component, &description) == nil, "nothing after RemoteIO matches its full description")
        },
    ] }

    static var graphs: [BuiltInCheck] { [
        BuiltInCheck(["AU-GRAPH-SERVICES"], "AUGraph player callback → mixer (bus volume 0.5) → RemoteIO: the 1 kHz tone reaches both speaker channels at 0.4, converted from 44.1 to 48 kHz; stopped, silence") { p in
            let device = try p.device()
            var graph: AUGraph?
            try device.launch("Game", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                try check(NewAUGraph(&graph), "NewAUGraph")
                let graph = try CheckProbe.required(graph, "the graph")
                var output = description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
                var mixer = description(kAudioUnitType_Mixer, kAudioUnitSubType_MultiChannelMixer)
                var outputNode: AUNode = 0
                var mixerNode: AUNode = 0
                try check(AUGraphAddNode(graph, &output, &outputNode), "adding RemoteIO")
                try check(AUGraphAddNode(graph, &mixer, &mixerNode), "adding the mixer")
                try check(AUGraphOpen(graph), "AUGraphOpen")
                var mixerUnit: AudioUnit?
                try check(AUGraphNodeInfo(graph, mixerNode, nil, &mixerUnit), "AUGraphNodeInfo")
                var buses: UInt32 = 1
                try check(AudioUnitSetProperty(mixerUnit!, kAudioUnitProperty_ElementCount, kAudioUnitScope_Input, 0, &buses, 4), "one bus")
                try check(AudioUnitSetParameter(mixerUnit!, kMultiChannelMixerParam_Volume, kAudioUnitScope_Input, 0, 0.5, 0), "bus volume 0.5")
                try check(AUGraphConnectNodeInput(graph, mixerNode, 0, outputNode, 0), "mixer → RemoteIO")
                var callback = AURenderCallbackStruct(inputProc: player, inputProcRefCon: nil)
                try check(AUGraphSetNodeInputCallback(graph, mixerNode, 0, &callback), "the player callback")
                try check(AUGraphInitialize(graph), "AUGraphInitialize")
                try check(AUGraphStart(graph), "AUGraphStart")
            }
            let handle = try p.require(graph, "the graph")
            var running = DarwinBoolean(false)
            p.expect(AUGraphIsRunning(handle, &running) == 0 && running.boolValue, "the graph runs")
            _ = device.advance(to: .milliseconds(600))
            let speaker = try p.require(device.sink("Speaker"), "the speaker")
            for channel in 1...2 {
                let amplitude = speaker.toneAmplitude(atFrequency: 1000, channel: channel, from: .milliseconds(200), to: .milliseconds(550)) ?? 0
                p.expect(abs(amplitude - 0.4) < 0.005, "channel \(channel): 0.8 at bus volume 0.5 is 0.4 (\(amplitude))")
                let frequency = speaker.dominantFrequency(channel: channel, from: .milliseconds(200), to: .milliseconds(550)) ?? 0
                p.expect(abs(frequency - 1000) < 1, "channel \(channel): 1 kHz after conversion (\(frequency))")
            }
            let stopped = try device.run(as: "Game") { () throws -> Bool in
                try check(AUGraphStop(handle), "AUGraphStop")
                let status = AUGraphIsRunning(handle, &running)
                try check(AUGraphUninitialize(handle), "AUGraphUninitialize")
                try check(DisposeAUGraph(handle), "DisposeAUGraph")
                return status == 0 && !running.boolValue
            }
            p.expect(stopped, "AUGraphIsRunning is false once stopped")
            let stop = device.now
            _ = device.advance(by: .milliseconds(400))
            p.expect(device.sink("Speaker")?.isSilent(channel: 1, from: stop + .milliseconds(100), to: device.now) == true, "silence once the graph is stopped")
        },
        BuiltInCheck(["AU-GRAPH-ONE-OUTPUT-NODE"], "AUGraph misuse: a second output node −10862, an unknown node −10860, a node fed by itself kAUGraphErr_InvalidConnection, starting before initializing −10867, a dead graph −50") { p in
            var graph: AUGraph?
            p.expect(NewAUGraph(&graph), equals: 0, "NewAUGraph")
            let handle = try p.require(graph, "the graph")
            var output = description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
            var node: AUNode = 0
            p.expect(AUGraphAddNode(handle, &output, &node), equals: 0, "adding an output node")
            var second: AUNode = 0
            p.expect(AUGraphAddNode(handle, &output, &second), equals: kAUGraphErr_OutputNodeErr, "adding a second output node")
            p.expect(AUGraphNodeInfo(handle, 99, nil, nil), equals: kAUGraphErr_NodeNotFound, "AUGraphNodeInfo of node 99")
            p.expect(AUGraphConnectNodeInput(handle, 99, 0, node, 0), equals: kAUGraphErr_NodeNotFound, "connecting node 99")
            p.expect(AUGraphConnectNodeInput(handle, node, 0, node, 0), equals: kAUGraphErr_InvalidConnection, "connecting a node to itself")
            var unknown = description(0x6175_6D75, 0x7861_7878)
            p.expect(AUGraphAddNode(handle, &unknown, &second), equals: kAUGraphErr_InvalidAudioUnit, "adding a unit nobody provides")
            var unit: AudioUnit?
            p.expect(AUGraphNodeInfo(handle, node, nil, &unit) == 0 && unit == nil, "no unit before AUGraphOpen")
            p.expect(AUGraphStart(handle), equals: kAudioUnitErr_Uninitialized, "AUGraphStart before AUGraphInitialize")
            p.expect(AUGraphOpen(handle), equals: 0, "AUGraphOpen")
            p.expect(AUGraphNodeInfo(handle, node, nil, &unit) == 0 && unit != nil, "a unit once open")
            var count: UInt32 = 0
            p.expect(AUGraphGetNodeCount(handle, &count) == 0 && count == 1, "one node in the graph")
            p.expect(DisposeAUGraph(handle), equals: 0, "DisposeAUGraph")
            p.expect(AUGraphOpen(handle), equals: kAudio_ParamError, "AUGraphOpen on a disposed graph")
        },
        BuiltInCheck(["AU-RENDER-OWN-BUFFERS"], "AUMultiChannelMixer rendered into its own buffers (nil mData): mono 0.5 on both sides plus stereo ±0.2 side for side sum to 0.7 and 0.3") { p in
            let rig = try MultiChannelMixerRig()
            let rendered = try rig.render()
            p.expect(rendered.count == 2 && abs(rendered[0] - 0.7) < 1e-6 && abs(rendered[1] - 0.3) < 1e-6, "the sum (\(rendered))")
        },
    ] }
}
