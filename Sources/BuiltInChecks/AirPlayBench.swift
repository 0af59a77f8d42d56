import Conformance
import Foundation
import MediaServer
import AVFoundation
import SimCore
import Soundcheck
import VirtualDevices

/// What the AirPlay and Now Playing checks (and the AirPlay tests) share: a device running the
/// long-form fixture (`SampleBufferPlayer`) into AirPlay speakers, and readings at the speakers.
enum AirPlayBench {
    /// A device on `platform` with `speakers` attached ("airplay:2" …), an app "Radio" running
    /// the fixture, the speakers picked and playback started.
    static func playing(_ speakers: [String], platform: PlatformProfile, frequency: Double = 440,
                        seed: UInt64 = 1) throws -> (SimulatedDevice, SampleBufferPlayer, [String]) {
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: seed)
        for spec in speakers { try device.attach(spec) }
        let uids = device.device.ports.filter { $0.portType == .airPlay }.map(\.uid)
        let player = try device.launch("Radio", backgroundAudio: true) { try SampleBufferPlayer(frequency: frequency) }
        device.server.pickLongFormRoute(uids)
        try device.run(as: "Radio") { try player.play() }
        return (device, player, uids)
    }

    /// Whether channel 1 of `sink` stays silent from `from` to `to` ms.
    static func silent(_ sink: PortSink, from: Int64, to: Int64) -> Bool {
        sink.isSilent(channel: 1, from: .milliseconds(from), to: .milliseconds(to))
    }

    /// The level of a `hertz` tone on channel 1 of port `uid` from `from` to `to` ms, in dBFS.
    static func toneDBFS(_ device: SimulatedDevice, _ uid: String, _ hertz: Double, from: Int64, to: Int64) -> Double {
        let amplitude = device.sink(uid)?.toneAmplitude(atFrequency: hertz, channel: 1, from: .milliseconds(from), to: .milliseconds(to)) ?? 0
        return amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }

    /// Seconds of audio the speaker `uid` holds ahead of what it plays now.
    static func bufferedAhead(_ device: SimulatedDevice, _ uid: String) -> Double {
        guard let receiver = device.server.airPlay.receiver(uid), let end = receiver.bufferedEnd,
              let playing = receiver.streamFrame(at: device.now) else { return 0 }
        return Double(end - playing) / 44_100
    }

    /// One sample buffer of a half-scale sine in the given linear PCM layout (`bits` 0: 32 for
    /// float, 16 for integers), starting at `startFrame` of a timeline at `rate`.
    static func sineBuffer(rate: Double, channels: UInt32, float: Bool, bits: UInt32 = 0, frequency: Double,
                           startFrame: Int64, frames: Int) throws -> CMSampleBuffer {
        let bits = bits > 0 ? bits : (float ? 32 : 16)
        let bytesPerFrame = channels * bits / 8
        var asbd = AudioStreamBasicDescription(
            mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: (float ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger) | kAudioFormatFlagIsPacked,
            mBytesPerPacket: bytesPerFrame, mFramesPerPacket: 1, mBytesPerFrame: bytesPerFrame, mChannelsPerFrame: channels,
            mBitsPerChannel: bits, mReserved: 0)
        var format: CMAudioFormatDescription?
        try CheckProbe.requireNoErr(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                                              magicCookie: nil, extensions: nil, formatDescriptionOut: &format),
                               "CMAudioFormatDescriptionCreate")
        var bytes = [UInt8](repeating: 0, count: frames * Int(bytesPerFrame))
        for frame in 0..<frames {
            let value = 0.5 * sin(2 * Double.pi * frequency * Double(startFrame + Int64(frame)) / rate)
            for channel in 0..<Int(channels) {
                let offset = (frame * Int(channels) + channel) * Int(bits / 8)
                if float, bits == 32 {
                    withUnsafeBytes(of: Float(value)) { for (i, byte) in $0.enumerated() { bytes[offset + i] = byte } }
                } else if bits == 16 {
                    withUnsafeBytes(of: Int16((value * 32_767).rounded())) { for (i, byte) in $0.enumerated() { bytes[offset + i] = byte } }
                }
            }
        }
        var block: CMBlockBuffer?
        try CheckProbe.requireNoErr(CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: bytes.count, blockAllocator: nil,
                                                                  customBlockSource: nil, offsetToData: 0, dataLength: bytes.count, flags: [],
                                                                  blockBufferOut: &block), "CMBlockBufferCreateWithMemoryBlock")
        let data = try CheckProbe.required(block, "the block buffer")
        _ = bytes.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: data, offsetIntoDestination: 0,
                                                                 dataLength: bytes.count) }
        var buffer: CMSampleBuffer?
        try CheckProbe.requireNoErr(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: data, formatDescription: try CheckProbe.required(format, "the format description"), sampleCount: frames,
            presentationTimeStamp: CMTime(value: startFrame, timescale: CMTimeScale(rate)), packetDescriptions: nil,
            sampleBufferOut: &buffer), "CMAudioSampleBufferCreateReadyWithPacketDescriptions")
        return try CheckProbe.required(buffer, "the sample buffer")
    }
}

extension CheckProbe {
    /// Throws unless a Core Media call returned `noErr`.
    static func requireNoErr(_ status: OSStatus, _ call: String, file: String = #fileID, line: Int = #line) throws {
        guard status == 0 else { throw CheckAbort(message: "\(file):\(line): \(call) returned \(status)") }
    }
}
