import SimCore

/// What a sink measures over one interval while the audio streams past, so a check over an hour
/// costs the same memory as one over a second: "is there a 1 kHz tone on HDMI channel 1 from
/// 20 min to 40 min?". Each watched channel gets a detector (`WatchDetector`) that reads every
/// IO cycle once and keeps a few numbers; after the run `PortSink.reading` says what it heard.
public struct AudioWatch: Sendable, Hashable {
    /// Names the watch among a sink's watches (a scenario uses the expectation's index).
    public var id: Int
    public var window: Range<HostTime>
    /// 1-based channels; nil: every channel of the sink.
    public var channels: [Int]?
    /// Measure the component at this frequency (`ToneDetector`).
    public var toneHertz: Double?
    /// Seconds whose tone reaches this level are counted.
    public var toneLevelDBFS: Double
    /// 10 ms blocks whose peak reaches this level are located (first, last, how many).
    public var thresholdDBFS: Double
    /// Keep the instants where marker silences begin (`PortSink.silenceOnsets`' rule).
    public var markers: Bool

    public init(id: Int, window: Range<HostTime>, channels: [Int]? = nil, toneHertz: Double? = nil,
                toneLevelDBFS: Double = -40, thresholdDBFS: Double = -90, markers: Bool = false) {
        self.id = id
        self.window = window
        self.channels = channels
        self.toneHertz = toneHertz
        self.toneLevelDBFS = toneLevelDBFS
        self.thresholdDBFS = thresholdDBFS
        self.markers = markers
    }
}

/// What one channel's detector heard over its watch's window.
public struct WatchReading: Sendable {
    /// Peak and RMS over the window's whole 10 ms blocks (as `PortSink.level` reads them); nil
    /// when nothing was rendered there.
    public var level: Level?
    /// 10 ms blocks seen, and how many reached the watch's threshold.
    public var blocks = 0
    public var blocksOver = 0
    /// Where the blocks at or above the threshold began and ended.
    public var firstOver: HostTime?
    public var lastOverEnd: HostTime?
    /// The loudest block: where it started and its peak (linear).
    public var loudest: (start: HostTime, peak: Double)?
    /// The tone's mean amplitude over the window's seconds (linear); nil without samples.
    public var toneAmplitude: Double?
    /// Seconds measured, how many reached the watch's tone level, and the weakest and strongest.
    public var seconds = 0
    public var secondsAtLevel = 0
    public var weakestSecond: ToneSecond?
    public var strongestSecond: ToneSecond?
    /// Marker silence onsets, when the watch keeps them.
    public var onsets: [HostTime]?

    /// Nothing heard.
    public init() {}
}

/// One second of a watched tone: where it started, its amplitude and its dominant frequency
/// (from zero crossings; nil when it had fewer than two).
public struct ToneSecond: Sendable, Hashable {
    public var start: HostTime
    public var amplitude: Double
    public var dominantHertz: Double?
}
