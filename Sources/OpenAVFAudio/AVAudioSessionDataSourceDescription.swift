import Foundation
import VirtualDevices

/// `AVAudioSessionDataSourceDescription`: a selectable source of a port (a phone's microphones).
public final class AVAudioSessionDataSourceDescription: NSObject, @unchecked Sendable {
    public let dataSourceID: NSNumber
    public let dataSourceName: String
    public let location: AVAudioSession.Location?
    public let orientation: AVAudioSession.Orientation?
    public let supportedPolarPatterns: [AVAudioSession.PolarPattern]?
    public let selectedPolarPattern: AVAudioSession.PolarPattern?
    public private(set) var preferredPolarPattern: AVAudioSession.PolarPattern?

    init(_ source: DataSource) {
        dataSourceID = NSNumber(value: source.dataSourceID)
        dataSourceName = source.dataSourceName
        location = source.location.map { AVAudioSession.Location(rawValue: $0.rawValue) }
        orientation = source.orientation.map { AVAudioSession.Orientation(rawValue: $0.rawValue) }
        supportedPolarPatterns = source.supportedPolarPatterns?.map { AVAudioSession.PolarPattern(rawValue: $0.rawValue) }
        selectedPolarPattern = source.selectedPolarPattern.map { AVAudioSession.PolarPattern(rawValue: $0.rawValue) }
    }

    /// Nil clears the preference; a pattern the source does not support is a bad parameter.
    public func setPreferredPolarPattern(_ pattern: AVAudioSession.PolarPattern?) throws {
        if let pattern, !(supportedPolarPatterns ?? []).contains(pattern) {
            throw AVAudioSession.error(.badParam, "polar pattern \(pattern.rawValue) is not supported by \(dataSourceName)")
        }
        preferredPolarPattern = pattern
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioSessionDataSourceDescription else { return false }
        return dataSourceID == other.dataSourceID && dataSourceName == other.dataSourceName
    }

    public override var hash: Int { dataSourceID.intValue }
}
