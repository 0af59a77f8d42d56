import SimCore

extension AudioServer {
    /// `setAggregatedIOPreference(_:)`: recorded in the trace; with the app's I/O running it fails
    /// with isBusy, as changing the I/O type does on a device (AVAudioSession.ErrorCode.isBusy docs).
    public func setAggregatedIOPreference(_ app: AppID, aggregated: Bool) throws(SessionError) {
        try api(.apiSetAggregatedIOPreference, app, ["ioType": .string(aggregated ? "aggregated" : "notSpecified")]) { () throws(SessionError) in
            try policy.requireMediaServices()
            guard !policy.isIORunning(app) else {
                throw SessionError(.isBusy, "the I/O type cannot change while the app's I/O is running")
            }
            return []
        }
    }
}
