import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// Inter-App Audio between the plain Apple-API host and node apps (`InterAppAudioStage`): the
/// microphone a generator node keeps, the mixable session nodes need, the host's background
/// mode, host callbacks and remote control, formats, the initialization deadline, several
/// components per app, the last-active time and the iPhone 4.
enum InterAppAudioChecks {
    static let microphone = "Built-In Microphone"
    /// `AVAudioSession.ErrorCode.cannotInterruptOthers` ('!int').
    static let cannotInterruptOthers = 560_557_684

    /// The first frame whose sample is not silence, in a sink's captured samples.
    static func onset(_ samples: [Float]?) -> Int? { samples?.firstIndex { abs($0) > 1e-6 } }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["IAA-GENERATOR-KEEPS-MIC", "IAA-MIC-NO-EXTRA-LATENCY"],
                     "a connected generator node keeps its microphone: a tone at the mic reaches its input callback before the host pulls it in the same IO cycle, and the speaker plays it from the very frame the mic took it") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Amp", .amp, InterAppAudioStage.amp)])
            try stage.launchHost()
            p.expect(stage.connect("Test: Amp"), equals: noErr, "connecting the amp")
            let amp = try p.require(stage.nodes["Amp"], "the amp node")
            p.expect(amp.activationStatus, equals: 0, "the amp's mixable play-and-record session going active from the background")
            stage.device.answerRecordPermission("Amp", granted: true)
            stage.device.advance(to: .milliseconds(200))
            p.expect(stage.device.peakDBFS("Speaker", last: .milliseconds(100)) < -90, "silence at the speaker before the mic hears anything")
            _ = stage.device.attachInputSource(microphone, .sine(frequency: 440, amplitude: 0.5))
            stage.device.advance(to: .milliseconds(600))
            let frequency = stage.speakerFrequency(from: .milliseconds(300), to: .milliseconds(600)) ?? 0
            p.expect(abs(frequency - 440) < 1, "the mic's 440 Hz tone at the speaker, through the host: \(frequency) Hz")
            p.expect(abs(stage.device.peakDBFS("Speaker", last: .milliseconds(200)) - 20 * log10(0.5)) < 0.2,
                     "at the mic's level (−6 dBFS): \(stage.device.peakDBFS("Speaker", last: .milliseconds(200))) dBFS")
            let heard = onset(stage.device.inputSink("Amp")?.samples(channel: 1))
            let played = onset(stage.device.sink("Speaker")?.samples(channel: 1))
            p.expect(heard != nil && played == heard, "the speaker's first frame of the tone (\(played.map(String.init) ?? "none")) is the mic's (\(heard.map(String.init) ?? "none")): no cycle of latency")
            p.expect(amp.inputCallbacks > 0, "the amp's input callback ran")
            p.expect(amp.rendersWithoutFreshInput, equals: 0, "host pulls that found no input callback of their own cycle before them")
        },
        BuiltInCheck(["IAA-NODE-MIX-WITH-OTHERS"],
                     "a node launched by its host goes active from the background only as a mixable session: without mixWithOthers '!int' (560557684) and the host hears nothing from its mic; with it the mic is heard through a recording host whose own session is not mixable, and the host is never interrupted") { p in
            for mixes in [false, true] {
                let stage = try InterAppAudioStage(platform: p.platform, installs: [("Amp", .amp, InterAppAudioStage.amp)])
                stage.configureNode = { $0.mixesWithOthers = mixes }
                // Hosts may choose: this one records, not mixable, to the speaker.
                try stage.launchHost(category: .playAndRecord, options: .defaultToSpeaker)
                _ = stage.device.attachInputSource(microphone, .sine(frequency: 440, amplitude: 0.5))
                p.expect(stage.connect("Test: Amp"), equals: noErr, "connecting the amp")
                let amp = try p.require(stage.nodes["Amp"], "the amp node")
                stage.device.answerRecordPermission("Amp", granted: true)
                stage.device.advance(to: .milliseconds(400))
                let peak = stage.device.peakDBFS("Speaker", last: .milliseconds(200))
                if mixes {
                    p.expect(amp.activationStatus, equals: 0, "the mixable node's activation")
                    p.expect(peak > -7, "the mixable node's mic heard through the host: \(peak) dBFS")
                } else {
                    p.expect(amp.activationStatus, equals: cannotInterruptOthers, "the non-mixable node's activation from the background")
                    p.expect(peak < -90, "nothing of the non-mixable node's mic at the speaker: \(peak) dBFS")
                }
                p.expect(stage.device.server.isActive(AppID("Host")) && !stage.device.server.isInterrupted(AppID("Host")),
                         "the non-mixable host stays active and uninterrupted (mixes: \(mixes))")
            }
        },
        BuiltInCheck(["IAA-BACKGROUND-MODE"], "a host without the audio background mode cannot instantiate a node (−66748), and the node app is not launched") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost(backgroundAudio: false)
            p.expect(stage.connect("Test: Drone"), equals: kAudioComponentErr_NotPermitted, "instantiating")
            p.expect(stage.device.device.lifecycle(of: "Drone"), equals: .notRunning, "the node app's state")
        },
        BuiltInCheck(["IAA-BEAT-AND-TEMPO", "IAA-MUSICAL-TIME-TRANSPORT", "IAA-HOST-CALLBACKS-PER-CYCLE", "IAA-TRANSPORT-STATE-LISTENER",
                      "IAA-HOST-RECEIVES-REMOTE", "IAA-PEER-URL", "IAA-HOST-MASTER"],
                     "a node reads its host's tempo, beat and transport each cycle through the host callbacks, toggles the host's transport by remote control and hears the change; the host reads the node's peer URL while connected") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost()
            p.expect(stage.connect("Test: Drone"), equals: noErr, "connecting")
            stage.device.advance(to: .seconds(1))
            let node = try p.require(stage.nodes["Drone"], "the node")
            p.expect(node.lastTempo, equals: 120, "the tempo the node read")
            p.expect(abs(node.lastBeat - 2) < 0.1, "one second at 120 bpm is two beats: \(node.lastBeat)")
            p.expect(node.hostPlaying, "the node reads the host playing")
            p.expect(stage.device.run(as: "Drone") { node.hostReceivesRemoteControlEvents }, "HostReceivesRemoteControlEvents")
            p.expect(stage.device.run(as: "Drone") { node.sendToHost(.togglePlayPause) }, equals: noErr, "RemoteControlToHost")
            p.expect(stage.host.remoteEvents, equals: [.togglePlayPause], "the events the host received")
            stage.device.advance(to: .milliseconds(1100))
            p.expect(!node.hostPlaying, "the node reads the host paused in the next cycles")
            p.expect(node.transportChanges >= 1, "the node's HostTransportState listener ran")
            let description = stage.device.run(as: "Drone") { node.publishedDescription }
            p.expect(description?.componentType, equals: kAudioUnitType_RemoteGenerator, "NodeComponentDescription's type")
            let unit = try p.require(stage.host.nodes.first, "the host's node unit")
            p.expect(stage.device.run(as: "Host") { stage.host.peerURL(unit) }?.scheme, equals: "iaa-drone", "the peer URL's scheme while connected")
            stage.device.run(as: "Host") { stage.host.disconnect(unit) }
            p.expect(node.connectedChanges, equals: [true, false], "the node's IsInterAppConnected changes")
        },
        BuiltInCheck(["IAA-FORMAT-CONVERSION-NOT-RATE", "IAA-OUTPUT-FORMAT"],
                     "a host takes a node's float stereo as interleaved 16-bit mono at the hardware rate (the drone's 750 Hz at 0.25 full scale); another rate is −66746") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 750), InterAppAudioStage.drone)])
            try stage.launchHost()
            let frames = 960
            var samples = [Int16](repeating: 0, count: frames)
            let (rateStatus, status) = stage.device.run(as: "Host") { () -> (OSStatus, OSStatus) in
                guard let found = stage.host.discover().first else { return (-1, -1) }
                var instance: AudioComponentInstance?
                guard AudioComponentInstanceNew(found.component, &instance) == noErr, let unit = instance else { return (-1, -1) }
                var format = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatLinearPCM,
                                                         mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                                         mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2, mChannelsPerFrame: 1,
                                                         mBitsPerChannel: 16, mReserved: 0)
                let size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
                let rateStatus = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, size)
                format.mSampleRate = 48_000
                guard AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, size) == noErr,
                      AudioUnitInitialize(unit) == noErr else { return (rateStatus, -1) }
                return (rateStatus, samples.withUnsafeMutableBytes { bytes in
                    var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * 2),
                                                                                        mData: bytes.baseAddress))
                    var flags = AudioUnitRenderActionFlags()
                    var timeStamp = AudioTimeStamp()
                    timeStamp.mFlags = .sampleTimeValid
                    return AudioUnitRender(unit, &flags, &timeStamp, 0, UInt32(frames), &list)
                })
            }
            p.expect(rateStatus, equals: kAudioComponentErr_InvalidFormat, "a 44.1 kHz format on a 48 kHz device")
            p.expect(status, equals: noErr, "rendering 16-bit mono")
            // Peak 8,192 (0.25 of 32,768); 750 Hz over 960 frames at 48 kHz is 15 cycles: about 30 sign changes.
            let peak = Int(samples.map { abs(Int($0)) }.max() ?? 0)
            p.expect(abs(peak - 8_192) <= 2, "16-bit peak \(peak)")
            let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
            p.expect((29...31).contains(crossings), "sign changes \(crossings)")
        },
        BuiltInCheck(["IAA-INITIALIZATION-TIMEOUT", "IAA-INITIALIZE-COMMITS"],
                     "a host that initializes a node and does not render it loses the connection; its renders fail with −66747 until it uninitializes and initializes again, then the tone is back") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost()
            let output = try p.require(stage.host.output, "the host's RemoteIO")
            p.expect(stage.device.run(as: "Host") { AudioOutputUnitStop(output) }, equals: noErr, "stopping the host's output")
            p.expect(stage.connect("Test: Drone"), equals: noErr, "connecting")
            let unit = try p.require(stage.host.nodes.first, "the host's node unit")
            stage.device.advance(to: .milliseconds(1100))
            let node = try p.require(stage.nodes["Drone"], "the node")
            p.expect(node.connectedChanges, equals: [true, false], "the node's connection changes after the deadline")
            p.expect(stage.host.connectedChanges, equals: [true, false], "the host's")
            var buffer = [Float](repeating: 0, count: 2048)
            let status = buffer.withUnsafeMutableBufferPointer { samples in
                stage.device.run(as: "Host") { InterAppAudioStage.pull(unit, into: samples, frames: 1024) }
            }
            p.expect(status, equals: kAudioComponentErr_InitializationTimedOut, "a render after the deadline")
            p.expect(stage.device.run(as: "Host") { AudioUnitUninitialize(unit) }, equals: noErr, "uninitializing")
            p.expect(stage.device.run(as: "Host") { AudioUnitInitialize(unit) }, equals: noErr, "initializing again")
            p.expect(stage.device.run(as: "Host") { AudioOutputUnitStart(output) }, equals: noErr, "starting the output again")
            stage.device.advance(to: .milliseconds(1600))
            p.expect(node.connectedChanges, equals: [true, false, true], "the node's connection changes")
            let frequency = stage.speakerFrequency(from: .milliseconds(1300), to: .milliseconds(1600)) ?? 0
            p.expect(abs(frequency - 660) < 1, "the drone at the speaker again: \(frequency) Hz")
        },
        BuiltInCheck(["IAA-INVALID-FORMAT-ERROR", "IAA-HARDWARE-SAMPLE-RATE"],
                     "a node stream format not at the hardware rate fails with −66746") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost()
            p.expect(stage.connect("Test: Drone", rate: 44_100), equals: kAudioComponentErr_InvalidFormat, "connecting at 44.1 kHz on a 48 kHz device")
        },
        BuiltInCheck(["IAA-LAST-ACTIVE-TIME"],
                     "a node never used reads last-active time 0; after the user had it in the foreground, the time it left") { p in
            let stage = try InterAppAudioStage(platform: p.platform, installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost()
            p.expect(stage.device.run(as: "Host") { stage.host.discover() }.first?.lastActiveTime, equals: 0, "before the node ever ran")
            try stage.device.schedule(.launch(app: "Drone"), at: .seconds(1))
            try stage.device.schedule(.foreground(app: "Host"), at: .seconds(3))
            stage.device.advance(to: .milliseconds(3100))
            p.expect(stage.device.run(as: "Host") { stage.host.discover() }.first?.lastActiveTime, equals: 3, "after the user left it at 3 s")
        },
        BuiltInCheck(["IAA-MULTIPLE-COMPONENTS", "IAA-TYPE-CODES"],
                     "one node app publishes two components, a generator and an effect; the four remote types are aurg, auri, aurx, aurm") { p in
            p.expect([kAudioUnitType_RemoteGenerator, kAudioUnitType_RemoteInstrument, kAudioUnitType_RemoteEffect, kAudioUnitType_RemoteMusicEffect]
                .map(AudioToolbox.FourCC.text), equals: ["aurg", "auri", "aurx", "aurm"], "the remote types")
            let device = try SimulatedDevice(platform: p.platform, seed: 9)
            InterAppAudio.of(device.server).install(AppID("Both"), components: [InterAppAudioStage.drone, InterAppAudioStage.halver])
            let statuses = try device.launch("Both", backgroundAudio: true) {
                [(InterAppNode.Kind.generator(frequency: 440), InterAppAudioStage.drone), (.effect, InterAppAudioStage.halver)].map { kind, component in
                    let node = InterAppNode(kind: kind)
                    let d = component.description
                    node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                                name: component.name, version: component.version, sampleRate: 48_000)
                    return node.publishStatus
                }
            }
            p.expect(statuses, equals: [noErr, noErr], "publishing both")
            p.expect(device.events("iaa.published").count, equals: 2, "publications traced")
        },
        BuiltInCheck(["IAA-NOT-IPHONE4"],
                     "on an iPhone 4 with iOS 7 a node's AudioOutputUnitPublish succeeds but the system ignores it, and hosts see no nodes") { p in
            var phone = try DeviceProfile.load("iphone")
            phone.name = "iPhone 4"
            phone.supportsInterAppAudio = false
            let stage = try InterAppAudioStage(platform: p.platform, deviceProfile: phone,
                                               installs: [("Drone", .generator(frequency: 660), InterAppAudioStage.drone)])
            try stage.launchHost()
            p.expect(stage.device.run(as: "Host") { stage.host.discover() }.isEmpty, "declared, but no node is offered")
            let node = InterAppNode(kind: .generator(frequency: 660))
            try stage.device.launch("Drone", backgroundAudio: true) {
                let d = InterAppAudioStage.drone.description
                node.launch(type: d.componentType, subType: d.componentSubType, manufacturer: d.componentManufacturer,
                            name: InterAppAudioStage.drone.name, version: InterAppAudioStage.drone.version, sampleRate: 48_000)
            }
            p.expect(node.publishStatus, equals: noErr, "the call fails silently")
            p.expect(stage.device.run(as: "Host") { stage.host.discover() }.isEmpty, "still no node after publishing")
            p.expect(stage.device.run(as: "Drone") { node.publishedDescription } == nil, "nothing was published")
        },
    ] }
}
