import Foundation
import AudioToolbox
import AVFAudio
import Soundcheck

/// RemoteIO on a multichannel route (the 2012 multiroute talk): with headphones and a two-channel
/// HDMI display in a multiRoute session its output side shows all four channels, a stereo client
/// gets the default channel map [0, 1, −1, −1], and the map [−1, −1, 0, 1] moves it to HDMI 1 and 2 —
/// read as the app's tone at the ports' channels.
enum RemoteIOChannelMapChecks {
    /// A stereo client rendering a 1 kHz sine on both channels through a render callback.
    final class StereoToneUnit: @unchecked Sendable {
        var unit: AudioUnit?

        var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

        func make() throws {
            var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                        componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
            let component = try CheckProbe.required(AudioComponentFindNext(nil, &description), "the RemoteIO component")
            var instance: AudioComponentInstance?
            try Self.check(AudioComponentInstanceNew(component, &instance), "AudioComponentInstanceNew")
            unit = instance
            var stereo = AudioStreamBasicDescription(mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
                                                     mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                                     mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                                     mBitsPerChannel: 32, mReserved: 0)
            try Self.check(AudioUnitSetProperty(instance!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &stereo, 40), "setting the stereo client format")
            var callback = AURenderCallbackStruct(inputProc: { _, _, timeStamp, _, frames, ioData in
                guard let ioData else { return kAudio_ParamError }
                for buffer in UnsafeMutableAudioBufferListPointer(ioData) {
                    let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
                    for frame in 0..<Int(frames) {
                        samples[frame] = 0.5 * Float(sin(2 * Double.pi * 1_000 * (timeStamp.pointee.mSampleTime + Double(frame)) / 48_000))
                    }
                }
                return 0
            }, inputProcRefCon: refCon)
            let status = withUnsafeMutablePointer(to: &callback) {
                AudioUnitSetProperty(instance!, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0,
                                     UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            }
            try Self.check(status, "setting the render callback")
        }

        func channelMap() -> [Int32]? {
            var map = [Int32](repeating: 7, count: 8)
            var size = UInt32(map.count * 4)
            guard AudioUnitGetProperty(unit!, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0, &map, &size) == 0 else { return nil }
            return Array(map.prefix(Int(size) / 4))
        }

        func setChannelMap(_ map: [Int32]) throws {
            var map = map
            try Self.check(AudioUnitSetProperty(unit!, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0, &map, UInt32(map.count * 4)),
                           "setting the channel map \(map)")
        }

        /// Channels of the hardware side of the output bus (output scope, element 0).
        func hardwareOutputChannels() -> UInt32? {
            var format = AudioStreamBasicDescription()
            var size = UInt32(40)
            guard AudioUnitGetProperty(unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, &size) == 0 else { return nil }
            return format.mChannelsPerFrame
        }

        static func check(_ status: OSStatus, _ what: String) throws {
            guard status == 0 else { throw CheckAbort(message: "\(what) failed with OSStatus \(status)") }
        }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["MULTICHANNEL-REMOTEIO-SEES-ALL", "MULTICHANNEL-DEFAULT-CHANNEL-MAP"],
                     "RemoteIO shows headphones and HDMI as four output channels; a channel map moves a stereo client from the headphones to HDMI 1 and 2") { p in
            let device = try p.device()
            _ = try device.attach("wired-headphones")
            _ = try device.attach("hdmi:2")
            let tone = StereoToneUnit()
            let route = try device.launch("DJ", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.multiRoute)
                try AVAudioSession.sharedInstance().setActive(true)
                try tone.make()
                return AVAudioSession.sharedInstance().currentRoute
            }
            let routeChannels = route.outputs.reduce(0) { $0 + ($1.channels?.count ?? 0) }
            let hardware = device.run(as: "DJ") { tone.hardwareOutputChannels() }
            p.expect(routeChannels, equals: 4, "the multiRoute route's output channel descriptions (headphones L/R, HDMI 1/2)")
            p.expect(hardware.map(Int.init), equals: routeChannels, "the channels of RemoteIO's output scope, bus 0, against the route's")
            let defaultMap = device.run(as: "DJ") { tone.channelMap() }
            p.expect(defaultMap, equals: [0, 1, -1, -1], "a stereo client's default channel map on four output channels")
            let headphones = try p.require(route.outputs.first { $0.portType == .headphones }?.uid, "the headphones in the route")
            let hdmi = try p.require(route.outputs.first { $0.portType == .HDMI }?.uid, "the HDMI display in the route")
            try device.run(as: "DJ") {
                try StereoToneUnit.check(AudioUnitInitialize(tone.unit!), "AudioUnitInitialize")
                try StereoToneUnit.check(AudioOutputUnitStart(tone.unit!), "AudioOutputUnitStart")
            }
            _ = device.advance(by: .milliseconds(400))
            for channel in 1...2 {
                p.expect(device.peakDBFS(headphones, channel: channel) > -9, "with the default map the tone at headphones channel \(channel) peaks at \(device.peakDBFS(headphones, channel: channel)) dBFS; expected −6 dBFS")
                p.expect(device.peakDBFS(hdmi, channel: channel) < -60, "with the default map HDMI channel \(channel) peaks at \(device.peakDBFS(hdmi, channel: channel)) dBFS; expected silence")
            }
            try device.run(as: "DJ") { try tone.setChannelMap([-1, -1, 0, 1]) }
            _ = device.advance(by: .milliseconds(400))
            for channel in 1...2 {
                p.expect(device.peakDBFS(hdmi, channel: channel) > -9, "with the map [-1, -1, 0, 1] the tone at HDMI channel \(channel) peaks at \(device.peakDBFS(hdmi, channel: channel)) dBFS; expected −6 dBFS")
                p.expect(device.peakDBFS(headphones, channel: channel) < -60, "with the map [-1, -1, 0, 1] headphones channel \(channel) peaks at \(device.peakDBFS(headphones, channel: channel)) dBFS; expected silence")
            }
            device.run(as: "DJ") { _ = AudioOutputUnitStop(tone.unit!); _ = AudioComponentInstanceDispose(tone.unit!) }
        },
    ] }
}
