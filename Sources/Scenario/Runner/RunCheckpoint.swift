import MediaServer

/// A moment between a run's steps: just before step `stepsDone + 1` runs (so every follow-up of
/// step `stepsDone` at earlier or equal times has happened), or the end of the run. An observer
/// reads the server there and must not change it.
public struct RunCheckpoint: @unchecked Sendable {
    public let server: AudioServer
    /// Steps performed so far.
    public let stepsDone: Int
    /// The run's end: every step and the whole duration have run.
    public let isEnd: Bool
}
