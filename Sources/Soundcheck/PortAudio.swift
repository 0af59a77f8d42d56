import MediaServer
import SimCore
import VirtualDevices

/// What reached an output port (or what an app recorded) over a time range, checked the way
/// scenarios check it: level, silence, a tone, per channel.
///
/// ```swift
/// let speaker = try device.audio(at: .builtInSpeaker, from: .seconds(2), to: .seconds(4))
/// #expect(speaker.contains(tone: 440))
/// #expect(speaker.channel(2).isSilent)
/// ```
public struct PortAudio: Sendable {
    /// The port's UID (or the app's input tap for a recording).
    public let port: String
    public let from: HostTime
    public let to: HostTime
    public let channelCount: Int
    /// nil: the port existed but nothing was ever rendered to it (it stayed silent).
    let sink: PortSink?

    /// One channel, numbered from 1 as `AVAudioSessionChannelDescription` numbers them.
    public func channel(_ number: Int) -> ChannelAudio {
        precondition((1...max(1, channelCount)).contains(number), "\(port) has channels 1 to \(channelCount), not \(number)")
        return ChannelAudio(number: number, sink: sink, from: from, to: to)
    }

    public var channels: [ChannelAudio] { channelCount > 0 ? (1...channelCount).map(channel) : [] }

    /// The loudest channel's peak and RMS.
    public var level: AudioLevel {
        channels.map(\.level).max { $0.peak < $1.peak } ?? .silence
    }

    /// Every channel stays below −90 dBFS, as a scenario's `silent` asks.
    public var isSilent: Bool { channels.allSatisfy(\.isSilent) }

    /// The dominant frequency of the loudest channel, in hertz; nil when there is no clear tone.
    public var dominantFrequency: Double? {
        channels.max { $0.level.peak < $1.level.peak }?.dominantFrequency
    }

    /// Some channel carries a tone at `hertz` (within `tolerance`) at or above `atLeastDBFS`.
    public func contains(tone hertz: Double, tolerance: Double = 2, atLeastDBFS: Double = AudioMeasure.toneDBFS) -> Bool {
        channels.contains { $0.contains(tone: hertz, tolerance: tolerance, atLeastDBFS: atLeastDBFS) }
    }
}

/// One channel of `PortAudio`.
public struct ChannelAudio: Sendable {
    public let number: Int
    let sink: PortSink?
    let from: HostTime
    let to: HostTime

    /// Peak and RMS over the range (zero when nothing was rendered).
    public var level: AudioLevel {
        sink.flatMap { AudioMeasure.level($0, channel: number, from: from, to: to) } ?? .silence
    }

    /// The peak stays below −90 dBFS.
    public var isSilent: Bool { level.peakDBFS < AudioMeasure.silenceDBFS }

    /// The frequency of the dominant tone, from its zero crossings; nil without a clear tone.
    public var dominantFrequency: Double? {
        sink.flatMap { AudioMeasure.dominantFrequency($0, channel: number, from: from, to: to) }
    }

    /// The level of the component at `hertz` in dBFS (−inf when absent).
    public func toneLevel(_ hertz: Double) -> Double {
        sink.map { AudioMeasure.toneDBFS($0, hertz: hertz, channel: number, from: from, to: to) } ?? -.infinity
    }

    /// A tone at `hertz` at or above `atLeastDBFS`, as a scenario's `tone:` checks it; when it is
    /// not exactly there, the dominant tone within `tolerance` hertz counts.
    public func contains(tone hertz: Double, tolerance: Double = 2, atLeastDBFS: Double = AudioMeasure.toneDBFS) -> Bool {
        if toneLevel(hertz) >= atLeastDBFS { return true }
        guard tolerance > 0, let dominant = dominantFrequency, abs(dominant - hertz) <= tolerance else { return false }
        return toneLevel(dominant) >= atLeastDBFS
    }

    /// The samples over the range, when they were captured at one rate.
    public var samples: [Float]? {
        sink.flatMap { AudioMeasure.samples($0, channel: number, from: from, to: to) }
    }
}
