import MediaServer

extension AVAudioSession {
    @available(*, deprecated, message: "Use AVAudioApplication.shared.recordPermission")
    public var recordPermission: RecordPermission {
        read(.undetermined) { RecordPermission(rawValue: $0.recordPermission(of: $1).rawValue) ?? .undetermined }
    }

    /// Calls `response` at once if the user already answered; otherwise when the simulated user
    /// answers the dialog (a scenario step or `SimulatedDevice.answerRecordPermission`).
    @available(*, deprecated, message: "Use AVAudioApplication.requestRecordPermission(completionHandler:)")
    public func requestRecordPermission(_ response: @escaping (Bool) -> Void) {
        guard let binding else { return response(false) }
        let handler = PermissionHandler(response)
        binding.server.requestRecordPermission(binding.app) { handler.call($0) }
    }
}

/// An app's permission handler, which Apple's signatures do not require to be `@Sendable`, carried
/// to the simulated system, which calls it once on its scheduler.
final class PermissionHandler: @unchecked Sendable {
    private let response: (Bool) -> Void
    init(_ response: @escaping (Bool) -> Void) { self.response = response }
    func call(_ granted: Bool) { response(granted) }
}
