/// How a system interruption ended, which decides whether apps hear "ended" (2012 vs 2014 talks).
public enum SystemInterruptionOutcome: String, CaseIterable, Hashable, Sendable {
    /// The user turned it away: a call declined or sent to voicemail, an alarm dismissed, Siri
    /// closed. The interrupted app keeps running and is told it may resume.
    case declined
    /// A call was taken and later hung up. Only meaningful for `.phoneCall`; other sources treat
    /// it as `.declined`.
    case answeredAndHungUp

    public var name: String { rawValue }
}
