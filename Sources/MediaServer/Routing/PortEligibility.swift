import VirtualDevices

/// Which accessory ports a session may be routed to, given its category, effective mode and
/// options. Built-in speaker, receiver and microphone are not judged here: they are the fallbacks
/// route selection uses when no eligible accessory port exists.
struct PortEligibility: Hashable, Sendable {
    let category: SessionCategory
    let mode: SessionMode
    let options: CategoryOptions

    init(_ request: RouteRequest) {
        category = request.category
        mode = request.mode
        options = request.options
    }

    /// HFP ports are usable only with `allowBluetoothHFP`, which only playAndRecord and record
    /// accept; voiceChat and videoChat imply it (AVAudioSession.CategoryOptions, AVFAudio, allowBluetooth/allowBluetoothA2DP docs). Re-deriving the implied bit
    /// here keeps selection right even if given options the normaliser has not seen.
    var allowsHFP: Bool {
        guard category == .playAndRecord || category == .record else { return false }
        return options.contains(.allowBluetoothHFP) || mode == .voiceChat || mode == .videoChat
    }

    /// A2DP output: always for output-only categories, by option for playAndRecord, never for
    /// record or multiRoute (AVAudioSession.CategoryOptions, AVFAudio allowBluetoothA2DP, allowBluetooth/allowBluetoothA2DP docs).
    var allowsA2DP: Bool {
        switch category {
        case .ambient, .soloAmbient, .playback: true
        case .playAndRecord: options.contains(.allowBluetoothA2DP)
        case .record, .multiRoute, .audioProcessing: false
        }
    }

    /// AirPlay (QA1803, QA1803 (AirPlay and audio session categories); Audio Session Programming Guide): output-only categories yes; playAndRecord only with
    /// `allowAirPlay` and never in voiceChat mode; multiRoute and record never.
    var allowsAirPlay: Bool {
        switch category {
        case .ambient, .soloAmbient, .playback: true
        case .playAndRecord: options.contains(.allowAirPlay) && mode != .voiceChat
        case .record, .multiRoute, .audioProcessing: false
        }
    }

    /// videoChat implies defaultToSpeaker (AVAudioSession.Mode, AVFAudio, AVAudioSession.CategoryOptions docs).
    var prefersSpeaker: Bool { options.contains(.defaultToSpeaker) || mode == .videoChat }

    func isEligibleOutput(_ port: Port) -> Bool {
        guard port.direction == .output, category.allowsOutput else { return false }
        if category == .multiRoute { return Self.multiRouteOutputTypes.contains(port.portType) }
        switch port.portType {
        case .builtInReceiver, .builtInSpeaker: return false
        case .bluetoothA2DP, .bluetoothLE: return allowsA2DP
        case .bluetoothHFP: return allowsHFP
        case .airPlay: return allowsAirPlay
        case .headphones, .lineOut, .HDMI, .usbAudio, .carAudio, .thunderbolt, .virtual, .PCI, .fireWire,
             .displayPort, .AVB:
            return true
        case .builtInMic, .headsetMic, .lineIn, .continuityMicrophone: return false
        }
    }

    /// Inputs, built-in microphone included (it is one of `availableInputs`).
    func isEligibleInput(_ port: Port) -> Bool {
        guard port.direction == .input, category.allowsInput else { return false }
        if category == .multiRoute { return Self.multiRouteInputTypes.contains(port.portType) }
        switch port.portType {
        case .bluetoothHFP: return allowsHFP
        case .builtInMic, .headsetMic, .lineIn, .continuityMicrophone, .usbAudio, .carAudio, .thunderbolt,
             .virtual, .PCI, .fireWire, .displayPort, .AVB:
            return true
        case .lineOut, .headphones, .bluetoothA2DP, .builtInReceiver, .builtInSpeaker, .HDMI, .airPlay,
             .bluetoothLE:
            return false
        }
    }

    /// MultiRoute's eligible outputs (header text, AVAudioSession.Category.multiRoute), in the order their channels
    /// are laid out in the aggregate; the built-in speaker is only the fallback.
    static let multiRouteOutputTypes: [PortType] = [.headphones, .lineOut, .usbAudio, .HDMI]

    /// MultiRoute's eligible inputs (AVAudioSession.Category.multiRoute).
    static let multiRouteInputTypes: [PortType] = [.builtInMic, .headsetMic, .usbAudio]
}
