import Foundation
import MediaServer
import VirtualDevices

/// `AVAudioSessionDataSourceDescription`: a selectable source of a port (a phone's microphones).
open class AVAudioSessionDataSourceDescription: NSObject, @unchecked Sendable {
    public let dataSourceID: NSNumber
    public let dataSourceName: String
    public let location: AVAudioSession.Location?
    public let orientation: AVAudioSession.Orientation?
    public let supportedPolarPatterns: [AVAudioSession.PolarPattern]?
    public let selectedPolarPattern: AVAudioSession.PolarPattern?

    /// The port this source belongs to, and the app whose session read it.
    let portUID: String
    let binding: AppBinding?

    init(_ source: DataSource, portUID: String, binding: AppBinding?) {
        self.portUID = portUID
        self.binding = binding
        dataSourceID = NSNumber(value: source.dataSourceID)
        dataSourceName = source.dataSourceName
        location = source.location.map { AVAudioSession.Location(rawValue: $0.rawValue) }
        orientation = source.orientation.map { AVAudioSession.Orientation(rawValue: $0.rawValue) }
        supportedPolarPatterns = source.supportedPolarPatterns?.map { AVAudioSession.PolarPattern(rawValue: $0.rawValue) }
        selectedPolarPattern = source.selectedPolarPattern.map { AVAudioSession.PolarPattern(rawValue: $0.rawValue) }
    }

    private var key: PortDataSource { PortDataSource(portUID: portUID, dataSourceID: dataSourceID.intValue) }

    /// The pattern the app chose for this source; nil when it has chosen none.
    public var preferredPolarPattern: AVAudioSession.PolarPattern? {
        guard let binding else { return nil }
        return binding.server.preferredPolarPattern(for: binding.app, source: key).map { AVAudioSession.PolarPattern(rawValue: $0.rawValue) }
    }

    /// Nil clears the choice. It becomes the source's `selectedPolarPattern` in the route (with a
    /// `routeConfigurationChange` when the port is routed); a pattern not in
    /// `supportedPolarPatterns` is `badParam`.
    public func setPreferredPolarPattern(_ pattern: AVAudioSession.PolarPattern?) throws {
        guard let binding else {
            throw AVAudioSession.error(.expiredSession, "this data source description was not read by a simulated app")
        }
        var parsed: DataSource.PolarPattern?
        if let pattern {
            parsed = DataSource.PolarPattern(rawValue: pattern.rawValue)
            guard parsed != nil else { throw AVAudioSession.error(.badParam, "unknown polar pattern '\(pattern.rawValue)'") }
        }
        do { try binding.server.setPreferredPolarPattern(binding.app, parsed, for: key) } catch { throw AVAudioSession.error(error) }
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioSessionDataSourceDescription else { return false }
        return dataSourceID == other.dataSourceID && dataSourceName == other.dataSourceName
    }

    public override var hash: Int { dataSourceID.intValue }
}
