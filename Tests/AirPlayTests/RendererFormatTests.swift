import Foundation
import MediaServer
import OpenAVFoundation
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// What the sample-buffer renderer takes, and what the speakers then play.
@Suite("AirPlay: formats the renderer takes")
struct RendererFormatTests {
    /// One sample buffer of a sine in the given linear PCM layout.
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
        #expect(CMAudioFormatDescriptionCreate(allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                               magicCookie: nil, extensions: nil, formatDescriptionOut: &format) == noErr)
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
        #expect(CMBlockBufferCreateWithMemoryBlock(allocator: nil, memoryBlock: nil, blockLength: bytes.count, blockAllocator: nil,
                                                   customBlockSource: nil, offsetToData: 0, dataLength: bytes.count, flags: [],
                                                   blockBufferOut: &block) == kCMBlockBufferNoErr)
        let data = try #require(block)
        _ = bytes.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: data, offsetIntoDestination: 0,
                                                                 dataLength: bytes.count) }
        var buffer: CMSampleBuffer?
        #expect(CMAudioSampleBufferCreateReadyWithPacketDescriptions(
            allocator: nil, dataBuffer: data, formatDescription: try #require(format), sampleCount: frames,
            presentationTimeStamp: CMTime(value: startFrame, timescale: CMTimeScale(rate)), packetDescriptions: nil,
            sampleBufferOut: &buffer) == noErr)
        return try #require(buffer)
    }

    func toneDBFS(_ device: SimulatedDevice, _ uid: String, _ hertz: Double, from: Int64, to: Int64) -> Double {
        let amplitude = device.sink(uid)?.toneAmplitude(atFrequency: hertz, channel: 1, from: HostTime(nanoseconds: from * 1_000_000),
                                                        to: HostTime(nanoseconds: to * 1_000_000)) ?? 0
        return amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }

    @Test("AIRPLAY-FORMATS, AIRPLAY-MIXED-FORMATS: 48 kHz 16-bit mono, then 22.05 kHz float stereo, enqueued back to back, play on an AirPlay 1 and an AirPlay 2 speaker without a gap at the transition")
    func mixedRates() throws {
        for speaker in ["airplay:1", "airplay:2"] {
            let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 5)
            try device.attach(speaker)
            let uid = try #require(device.device.ports.first { $0.portType == .airPlay }?.uid)
            let (renderer, synchronizer) = try device.launch("Radio", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: .default, policy: .longFormAudio, options: [])
                try AVAudioSession.sharedInstance().setActive(true)
                let pair = (AVSampleBufferAudioRenderer(), AVSampleBufferRenderSynchronizer())
                pair.1.addRenderer(pair.0)
                return pair
            }
            device.server.pickLongFormRoute([uid])
            // Two seconds of each item: the AirPlay 1 speaker's buffer takes them all at once.
            try device.run(as: "Radio") {
                for second in 0..<2 {
                    renderer.enqueue(try Self.sineBuffer(rate: 48_000, channels: 1, float: false, frequency: 440,
                                                         startFrame: Int64(second) * 48_000, frames: 48_000))
                }
                for second in 2..<4 {
                    renderer.enqueue(try Self.sineBuffer(rate: 22_050, channels: 2, float: true, frequency: 660,
                                                         startFrame: Int64(second) * 22_050, frames: 22_050))
                }
                synchronizer.rate = 1
            }
            #expect(renderer.status == .rendering)
            device.advance(by: .seconds(5))
            let start = try #require(device.events("airplay.receiver").first).time.nanoseconds / 1_000_000
            #expect(toneDBFS(device, uid, 440, from: start + 200, to: start + 1_800) > -7, "\(speaker)")
            #expect(toneDBFS(device, uid, 660, from: start + 2_200, to: start + 3_800) > -7, "\(speaker)")
            #expect(toneDBFS(device, uid, 660, from: start + 200, to: start + 1_800) < -40, "\(speaker)")
            // No gap until the four seconds enqueued have run out (none at the transition).
            let gaps = device.events("airplay.gap.began").map { $0.time.nanoseconds / 1_000_000 - start }
            #expect(gaps.allSatisfy { $0 >= 3_900 }, "\(speaker): gaps at \(gaps) ms")
        }
    }

    @Test("AIRPLAY-FORMATS: a format the renderer cannot decode (24-bit integers, six channels) fails it with AVErrorDecodeFailed")
    func undecodable() throws {
        for (channels, bits) in [(UInt32(2), UInt32(24)), (6, 16)] {
            let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 1)
            let renderer = try device.launch("Radio") { AVSampleBufferAudioRenderer() }
            try device.run(as: "Radio") {
                renderer.enqueue(try Self.sineBuffer(rate: 44_100, channels: channels, float: false, bits: bits, frequency: 440,
                                                     startFrame: 0, frames: 441))
            }
            #expect(renderer.status == .failed)
            #expect((renderer.error as NSError?)?.code == -11821)
            #expect((renderer.error as NSError?)?.domain == AVFoundationErrorDomain)
            #expect(!renderer.isReadyForMoreMediaData)
        }
    }
}
