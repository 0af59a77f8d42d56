import SimCore

extension AudioServer {
    /// `setAggregatedIOPreference(_:)`: recorded in the trace; the policy judges it (isBusy with
    /// the app's I/O running, MediaPolicy+Hardware.swift).
    public func setAggregatedIOPreference(_ app: AppID, aggregated: Bool) throws(SessionError) {
        try api(.apiSetAggregatedIOPreference, app, ["ioType": .string(aggregated ? "aggregated" : "notSpecified")]) { () throws(SessionError) in
            try policy.setAggregatedIOPreference(app)
        }
    }
}
