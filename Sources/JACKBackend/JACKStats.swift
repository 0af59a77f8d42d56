import CJACKProcess

/// What a JACK client of ours counted during a run.
public struct JACKStats: Sendable, Equatable {
    public var callbacks: Int64
    /// Server-reported xruns (the xrun callback).
    public var xruns: Int64
    /// Cycles that played silence because the simulation had not rendered them in time.
    public var lateCycles: Int64
    /// Cycles JACK's frame clock skipped over (lost to xruns).
    public var skippedCycles: Int64
    public var wrongSizeCycles: Int64
    public var played: Int64
    /// JACK's frame time of IO frame 0 (valid when `started`).
    public var startFrame: UInt32
    public var started: Bool
    public var drained: Bool
    public var serverGone: Bool
    public var freewheeling: Bool
    public var bufferSize: Int
    public var sampleRate: Int
    public var maxCallbackNanoseconds: UInt64

    init(_ raw: sc_stats) {
        callbacks = raw.callbacks
        xruns = raw.xruns
        lateCycles = raw.late_cycles
        skippedCycles = raw.skipped_cycles
        wrongSizeCycles = raw.wrong_size_cycles
        played = raw.played
        startFrame = raw.start_frame
        started = raw.started != 0
        drained = raw.drained != 0
        serverGone = raw.server_gone != 0
        freewheeling = raw.freewheeling != 0
        bufferSize = Int(raw.buffer_size)
        sampleRate = Int(raw.sample_rate)
        maxCallbackNanoseconds = raw.max_duration_ns
    }
}
