import Foundation

/// Reads typed values out of a settings dictionary; a present value of the wrong type throws.
struct SettingsReader {
    struct WrongType: Error {}

    let settings: [String: Any]

    init(_ settings: [String: Any]) { self.settings = settings }

    func number(_ key: String) throws -> Double? {
        guard let value = settings[key] else { return nil }
        switch value {
        case let v as Int: return Double(v)
        case let v as Int32: return Double(v)
        case let v as Int64: return Double(v)
        case let v as UInt: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as UInt64: return Double(v)
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: throw WrongType()
        }
    }

    func integer(_ key: String) throws -> Int? {
        guard let value = try number(key) else { return nil }
        guard value.rounded() == value, abs(value) < 0x1_0000_0000 else { throw WrongType() }
        return Int(value)
    }

    func flag(_ key: String) throws -> Bool? {
        if let value = settings[key] as? Bool { return value }
        return try number(key).map { $0 != 0 }
    }

    func layout() throws -> AVAudioChannelLayout? {
        guard let value = settings[AVChannelLayoutKey] else { return nil }
        guard let data = value as? Data, let layout = AVAudioChannelLayout(settingsData: data) else { throw WrongType() }
        return layout
    }

    /// The ASBD and layout the settings describe (LPCM unless `AVFormatIDKey` says otherwise).
    func formatDescription() throws -> (description: AudioStreamBasicDescription, layout: AVAudioChannelLayout?) {
        let formatID = try integer(AVFormatIDKey).map { UInt32(truncatingIfNeeded: $0) } ?? kAudioFormatLinearPCM
        guard let rate = try number(AVSampleRateKey), rate > 0,
              let channels = try integer(AVNumberOfChannelsKey), channels > 0, channels <= 0xFFFF,
              let accepted = AVAudioFormat.acceptedLayout(channels: UInt32(channels), try layout()) else { throw WrongType() }
        var d = AudioStreamBasicDescription()
        d.mSampleRate = rate
        d.mFormatID = formatID
        d.mChannelsPerFrame = UInt32(channels)
        if formatID == kAudioFormatLinearPCM { try fillLinearPCM(&d) }
        return (d, accepted.layout)
    }

    private func fillLinearPCM(_ d: inout AudioStreamBasicDescription) throws {
        let isFloat = try flag(AVLinearPCMIsFloatKey) ?? false
        let bits = try integer(AVLinearPCMBitDepthKey) ?? (isFloat ? 32 : 16)
        let valid = isFloat ? (bits == 32 || bits == 64) : [8, 16, 24, 32].contains(bits)
        guard valid else { throw WrongType() }
        let bigEndian = try flag(AVLinearPCMIsBigEndianKey) ?? false
        let nonInterleaved = try flag(AVLinearPCMIsNonInterleaved) ?? false
        var flags = (isFloat ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger) | kAudioFormatFlagIsPacked
        if bigEndian { flags |= kAudioFormatFlagIsBigEndian }
        if nonInterleaved { flags |= kAudioFormatFlagIsNonInterleaved }
        let sampleBytes = UInt32(bits / 8)
        d.mFormatFlags = flags
        d.mBitsPerChannel = UInt32(bits)
        d.mFramesPerPacket = 1
        d.mBytesPerFrame = nonInterleaved ? sampleBytes : sampleBytes * d.mChannelsPerFrame
        d.mBytesPerPacket = d.mBytesPerFrame
    }
}
