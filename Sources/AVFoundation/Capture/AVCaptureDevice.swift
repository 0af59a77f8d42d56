import AVFAudio
import Foundation
import MediaServer

/// `AVCaptureDevice`: on a simulated iPhone, the one audio capture device, the microphone. Which
/// microphone it hears is the app's route: its preferred input and data source (a headset's
/// microphone when one is plugged in), as on iOS, where the capture device stands for "the
/// current audio input" rather than one port.
///
/// Its name and unique ID are what an iPhone reports (`localizedName` "iPhone Microphone",
/// `uniqueID` "com.apple.avfoundation.avcapturedevice.built-in_audio:0"); they are settings of
/// the simulation, not read from anywhere.
open class AVCaptureDevice: NSObject, @unchecked Sendable {
    static let microphoneName = "iPhone Microphone"
    static let microphoneUniqueID = "com.apple.avfoundation.avcapturedevice.built-in_audio:0"

    public let uniqueID: String
    public let localizedName: String

    init(uniqueID: String, localizedName: String) {
        self.uniqueID = uniqueID
        self.localizedName = localizedName
        super.init()
    }

    /// The microphone for `.audio`; nil for any other media type (no camera is simulated).
    open class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice? {
        guard mediaType == .audio else { return nil }
        return AVCaptureDevice(uniqueID: microphoneUniqueID, localizedName: microphoneName)
    }

    open func hasMediaType(_ mediaType: AVMediaType) -> Bool { mediaType == .audio }

    /// For audio, the app's record permission: undetermined, denied, granted map to
    /// notDetermined, denied, authorized. Other media types have no device here and answer
    /// `.restricted` (the app cannot be given access).
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus {
        guard mediaType == .audio else { return .restricted }
        switch AVAudioApplication.shared.recordPermission {
        case .undetermined: return .notDetermined
        case .denied: return .denied
        case .granted: return .authorized
        }
    }

    /// For audio, asks for record permission as `AVAudioApplication.requestRecordPermission`
    /// does (the user answers in the scenario); the handler gets whether access was granted.
    /// Other media types are refused at once.
    open class func requestAccess(for mediaType: AVMediaType, completionHandler handler: @escaping @Sendable (Bool) -> Void) {
        guard mediaType == .audio else {
            if let binding = AppContext.current {
                SimulationQueue(binding: binding).async("AVCaptureDevice.requestAccess") { handler(false) }
            }
            return
        }
        AVAudioApplication.requestRecordPermission { handler($0) }
    }
}
