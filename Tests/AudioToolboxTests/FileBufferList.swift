import AudioToolbox
import CoreAudioTypes
import Foundation

/// An `AudioBufferList` with its own storage in a given linear PCM format, for the file tests:
/// filled from or read into plain sample arrays.
final class FileBufferList {
    let format: AudioStreamBasicDescription
    let frames: Int
    let list: UnsafeMutableAudioBufferListPointer
    private let storage: [UnsafeMutableRawPointer]

    init(_ format: AudioStreamBasicDescription, frames: Int) {
        self.format = format
        self.frames = frames
        let planar = format.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
        let count = planar ? Int(format.mChannelsPerFrame) : 1
        let bytes = frames * Int(format.mBytesPerFrame)
        storage = (0..<count).map { _ in
            let raw = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 1), alignment: 16)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: max(bytes, 1))
            return raw
        }
        list = AudioBufferList.allocate(maximumBuffers: count)
        for index in 0..<count {
            list[index] = AudioBuffer(mNumberChannels: planar ? 1 : format.mChannelsPerFrame, mDataByteSize: UInt32(bytes), mData: storage[index])
        }
    }

    deinit {
        storage.forEach { $0.deallocate() }
        UnsafeMutableRawPointer(list.unsafeMutablePointer).deallocate()
    }

    var pointer: UnsafeMutablePointer<AudioBufferList> { list.unsafeMutablePointer }

    /// Channel `channel` of the first `count` frames, as `T` (the format's sample type).
    func samples<T>(_ channel: Int, as _: T.Type, count: Int? = nil) -> [T] {
        let planar = format.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
        let base = storage[planar ? channel : 0].assumingMemoryBound(to: T.self)
        let step = planar ? 1 : Int(format.mChannelsPerFrame)
        return (0..<(count ?? frames)).map { base[$0 * step + (planar ? 0 : channel)] }
    }

    func set<T>(_ channel: Int, _ values: [T]) {
        let planar = format.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0
        let base = storage[planar ? channel : 0].assumingMemoryBound(to: T.self)
        let step = planar ? 1 : Int(format.mChannelsPerFrame)
        for (frame, value) in values.enumerated() { base[frame * step + (planar ? 0 : channel)] = value }
    }

    /// Restores every buffer's byte size to the full capacity (a read shrinks them).
    func reset() {
        for index in 0..<list.count { list[index].mDataByteSize = UInt32(frames * Int(format.mBytesPerFrame)) }
    }

    static func pcm(rate: Double = 44_100, channels: UInt32, bits: UInt32, float: Bool, interleaved: Bool,
                    bigEndian: Bool = false) -> AudioStreamBasicDescription {
        var flags = kAudioFormatFlagIsPacked | (float ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger)
        if !interleaved { flags |= kAudioFormatFlagIsNonInterleaved }
        if bigEndian { flags |= kAudioFormatFlagIsBigEndian }
        let frameBytes = bits / 8 * (interleaved ? channels : 1)
        return AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags,
                                           mBytesPerPacket: frameBytes, mFramesPerPacket: 1, mBytesPerFrame: frameBytes,
                                           mChannelsPerFrame: channels, mBitsPerChannel: bits, mReserved: 0)
    }
}

/// A fresh path in the temporary folder for one test's file.
func temporaryAudioURL(_ name: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-audiofile-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    return url
}

/// A sine on the 16-bit grid (k / 32768), so it survives an Int16 file bit for bit.
func gridSine(frames: Int, frequency: Double, rate: Double, amplitude: Double, phase: Double = 0) -> [Float] {
    (0..<frames).map { Float((amplitude * sin(2 * .pi * frequency * Double($0) / rate + phase) * 32_768).rounded() / 32_768) }
}
