import MediaServer

extension AVAudioSession {
    @available(*, deprecated, message: "Use AVAudioApplication.shared.recordPermission")
    public var recordPermission: RecordPermission {
        read(.undetermined) { RecordPermission(rawValue: $0.recordPermission(of: $1).rawValue) ?? .undetermined }
    }

    /// Calls `response` at once if the user already answered; otherwise when the simulated user
    /// answers the dialog (a scenario step or `SimulatedDevice.answerRecordPermission`).
    @available(*, deprecated, message: "Use AVAudioApplication.requestRecordPermission(completionHandler:)")
    public func requestRecordPermission(_ response: @escaping @Sendable (Bool) -> Void) {
        guard let binding else { return response(false) }
        binding.server.requestRecordPermission(binding.app, response)
    }
}
