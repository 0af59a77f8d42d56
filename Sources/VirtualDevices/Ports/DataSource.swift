/// A selectable source on a port, such as one microphone of several on a phone
/// (`AVAudioSessionDataSourceDescription`).
public struct DataSource: Hashable, Codable, Sendable {
    /// `AVAudioSession.Location` (iOS 7): where the source sits on the device.
    public enum Location: String, Codable, Sendable, CaseIterable { case upper = "Upper", lower = "Lower" }

    /// `AVAudioSession.Orientation`: which way the source faces.
    public enum Orientation: String, Codable, Sendable, CaseIterable {
        case top = "Top", bottom = "Bottom", front = "Front", back = "Back", left = "Left", right = "Right"
    }

    /// `AVAudioSession.PolarPattern`: the directivity beam forming can give the source.
    public enum PolarPattern: String, Codable, Sendable, CaseIterable {
        case omnidirectional = "Omnidirectional", cardioid = "Cardioid", subcardioid = "Subcardioid"
        case stereo = "Stereo"
    }

    public var dataSourceID: Int
    public var dataSourceName: String
    public var location: Location?
    public var orientation: Orientation?
    /// Nil when the source has no selectable patterns.
    public var supportedPolarPatterns: [PolarPattern]?
    public var selectedPolarPattern: PolarPattern?

    public init(dataSourceID: Int, dataSourceName: String, location: Location?, orientation: Orientation?,
                supportedPolarPatterns: [PolarPattern]?, selectedPolarPattern: PolarPattern?) {
        self.dataSourceID = dataSourceID
        self.dataSourceName = dataSourceName
        self.location = location
        self.orientation = orientation
        self.supportedPolarPatterns = supportedPolarPatterns
        self.selectedPolarPattern = selectedPolarPattern
    }
}
