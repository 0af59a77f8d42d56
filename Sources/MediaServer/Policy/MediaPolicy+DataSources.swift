import VirtualDevices

/// Polar patterns of data sources (the data source itself is chosen with
/// `setPreferredDataSource(_:id:portUID:)`, beside the other routing choices).
extension MediaPolicy {
    /// `AVAudioSessionDataSourceDescription.setPreferredPolarPattern(_:)`: becomes the source's
    /// selected pattern in the route; an unsupported pattern or a source not of the port is `badParam`.
    public mutating func setPreferredPolarPattern(_ app: AppID, _ pattern: DataSource.PolarPattern?,
                                                  for source: PortDataSource) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            let ports = policy.ports
            let cause = try policy.withSession(app) { session throws(SessionError) in
                try session.routing.setPreferredPolarPattern(pattern, for: source, ports: ports)
            }
            return cause.map { policy.routeMayHaveChanged($0, by: app) } ?? []
        }
    }
}
