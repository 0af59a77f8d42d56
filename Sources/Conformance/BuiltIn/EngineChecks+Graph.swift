import Foundation
import AudioToolbox
import AVFAudio
import Soundcheck

/// AUGraph, the engine's predecessor: one output node per graph, and render notifications that
/// come at the start of each render cycle, before the graph pulls its nodes.
extension EngineChecks {
    static func description(_ type: OSType, _ subType: OSType) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    /// What a graph's callbacks saw, in order: the render notify's pre and post calls and the
    /// mixer input's pull, each with its sample time.
    final class GraphLog {
        enum Call: Equatable { case pre, pull, post }
        var calls: [(call: Call, sampleTime: Float64)] = []
        var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
        static func from(_ refCon: UnsafeMutableRawPointer) -> GraphLog { Unmanaged.fromOpaque(refCon).takeUnretainedValue() }
    }

    static var graph: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-AUGRAPH-ONE-OUTPUT"], "a graph with a RemoteIO node refuses a second output node (RemoteIO or VoiceProcessingIO) with -10862 and takes one again once the first is removed") { p in
            var made: AUGraph?
            p.expect(NewAUGraph(&made), equals: 0, "NewAUGraph")
            let graph = try p.require(made, "graph")
            defer { _ = DisposeAUGraph(graph) }
            var remoteIO = description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
            var voice = description(kAudioUnitType_Output, kAudioUnitSubType_VoiceProcessingIO)
            var mixer = description(kAudioUnitType_Mixer, kAudioUnitSubType_MultiChannelMixer)
            var output: AUNode = 0
            var other: AUNode = 0
            p.expect(AUGraphAddNode(graph, &remoteIO, &output), equals: 0, "the first output node")
            p.expect(AUGraphAddNode(graph, &mixer, &other), equals: 0, "a mixer node")
            p.expect(AUGraphAddNode(graph, &remoteIO, &other), equals: kAUGraphErr_OutputNodeErr, "a second RemoteIO")
            p.expect(AUGraphAddNode(graph, &voice, &other), equals: kAUGraphErr_OutputNodeErr, "a VoiceProcessingIO beside it")
            var count: UInt32 = 0
            _ = AUGraphGetNodeCount(graph, &count)
            p.expect(count, equals: 2, "nodes in the graph")
            p.expect(AUGraphRemoveNode(graph, output), equals: 0, "removing the output node")
            p.expect(AUGraphAddNode(graph, &voice, &other), equals: 0, "an output node once the graph has none")
        },
        BuiltInCheck(["ENGINE-AUGRAPH-RENDER-NOTIFY"], "a graph's render notify is called before each IO cycle's pull of the mixer's input, at the same sample time, and again after it") { p in
            let device = try p.device()
            let log = GraphLog()
            var made: AUGraph?
            try device.launch("Synth", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                _ = NewAUGraph(&made)
                let graph = try p.require(made, "graph")
                var output = description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
                var mixer = description(kAudioUnitType_Mixer, kAudioUnitSubType_MultiChannelMixer)
                var outputNode: AUNode = 0
                var mixerNode: AUNode = 0
                _ = AUGraphAddNode(graph, &output, &outputNode)
                _ = AUGraphAddNode(graph, &mixer, &mixerNode)
                _ = AUGraphOpen(graph)
                _ = AUGraphConnectNodeInput(graph, mixerNode, 0, outputNode, 0)
                var pull = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, _, _ in
                    GraphLog.from(refCon).calls.append((.pull, timeStamp.pointee.mSampleTime))
                    return 0
                }, inputProcRefCon: log.refCon)
                p.expect(AUGraphSetNodeInputCallback(graph, mixerNode, 0, &pull), equals: 0, "AUGraphSetNodeInputCallback")
                p.expect(AUGraphAddRenderNotify(graph, { refCon, flags, timeStamp, _, _, _ in
                    let call: GraphLog.Call = flags.pointee.contains(.unitRenderAction_PreRender) ? .pre : .post
                    GraphLog.from(refCon).calls.append((call, timeStamp.pointee.mSampleTime))
                    return 0
                }, log.refCon), equals: 0, "AUGraphAddRenderNotify")
                p.expect(AUGraphInitialize(graph), equals: 0, "AUGraphInitialize")
                p.expect(AUGraphStart(graph), equals: 0, "AUGraphStart")
            }
            defer { _ = made.map(DisposeAUGraph) }
            _ = device.advance(by: .milliseconds(200))
            let cycles = log.calls.count / 3
            p.expect(cycles >= 8, "IO cycles seen: \(cycles)")
            for cycle in 0..<cycles {
                let calls = log.calls[(cycle * 3)..<(cycle * 3 + 3)].map(\.call)
                guard calls == [.pre, .pull, .post] else { p.expect(false, "cycle \(cycle): \(calls)"); break }
                let times = log.calls[(cycle * 3)..<(cycle * 3 + 3)].map(\.sampleTime)
                guard Set(times).count == 1 else { p.expect(false, "cycle \(cycle) sample times \(times)"); break }
            }
        },
    ] }
}
