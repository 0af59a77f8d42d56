/// One platform rule an app broke in one scenario, located at the step and time it showed.
public struct AppFinding: Sendable, Equatable {
    public let rule: String
    /// What the app did wrong, in one sentence.
    public let message: String
    public let app: String
    /// The scenario's file.
    public let scenario: String
    /// `step 5 (prompt-finished)`, or `before the first step`.
    public let step: String
    public let time: Int64

    public init(rule: String, message: String, app: String, scenario: String, step: String, time: Int64) {
        self.rule = rule
        self.message = message
        self.app = app
        self.scenario = scenario
        self.step = step
        self.time = time
    }
}
