import AudioGraph
import MediaServer
import CoreAudioTypes

/// `kAudioUnitSubType_RemoteIO`: the app's connection to the device's audio hardware.
///
/// Element 0 is the output side, element 1 the input side. The app's formats are on the
/// input scope of element 0 (what it renders) and the output scope of element 1 (what it
/// captures); the hardware's are on the other two sides and read-only. Output is enabled and
/// input disabled until `kAudioOutputUnitProperty_EnableIO` says otherwise.
///
/// Started, it registers with the media server as a render client of its app: the device's IO
/// cycle calls it once per IO buffer; it calls the input callback (which may `AudioUnitRender`
/// bus 1 for the captured audio) and pulls the render callback for the output, converting
/// between the app's format and the hardware rate (libsoxr) when they differ: then each callback
/// carries the client clock's share of the IO buffer (`RemoteIORenderState.clientFrames`). With
/// input enabled, what it captured (after VoiceProcessingIO's processing) is its app's recording.
class RemoteIOUnit: AudioUnitBase {
    var outputEnabled = true
    var inputEnabled = false
    var clientOutputFormat: AudioStreamBasicDescription
    var clientInputFormat: AudioStreamBasicDescription
    var renderCallback = AURenderCallbackStruct()
    var inputCallback = AURenderCallbackStruct()
    /// Another unit's output feeding the output side (an AUGraph connection), instead of a callback.
    var outputConnection: AudioUnitConnection?
    /// For each hardware output channel, the client channel it plays (−1: silence); nil: the
    /// default mapping.
    var channelMap: [Int32]?
    /// The render client the server calls while the unit runs.
    var client: VoiceID?
    /// The hardware format last reported, to tell listeners when it changes.
    var reportedHardware: HardwareSnapshot?
    var renderState: RemoteIORenderState?
    /// The unit's output towards the app — the processed microphone, what a VoIP app sends — is
    /// silence (`kAUVoiceIOProperty_MuteOutput` on VoiceProcessingIO, a call's mute button);
    /// playback is not affected.
    var outputMuted = false
    /// Sample times count from 0 at start (the default), or follow the device's frame count.
    var startTimestampsAtZero = true
    /// Inter-App Audio (RemoteIOUnit+InterApp.swift): the description this unit was published
    /// as, the host unit connected to it, whether it runs for that host, and where the host's
    /// MIDI goes.
    var publishedDescription: AudioComponentDescription?
    weak var interAppHost: RemoteNodeUnit?
    var interAppRunning = false
    var midiCallbacks = AudioOutputUnitMIDICallbacks()

    struct HardwareSnapshot: Equatable {
        var sampleRate: Int
        var outputChannels: Int
        var inputChannels: Int
        var ioBufferFrames: Int
    }

    override init(component: RegisteredComponent) {
        let rate = Double(AppContext.current?.server.currentHardware.sampleRate ?? 48_000)
        clientOutputFormat = .canonical(sampleRate: rate, channels: 2)
        clientInputFormat = .canonical(sampleRate: rate, channels: 1)
        super.init(component: component)
    }

    var isRunning: Bool { client != nil || interAppRunning }

    var hardware: HardwareSnapshot {
        guard let server = binding?.server else {
            return HardwareSnapshot(sampleRate: 48_000, outputChannels: 2, inputChannels: 1, ioBufferFrames: 1024)
        }
        let settings = server.currentHardware
        return HardwareSnapshot(sampleRate: settings.sampleRate, outputChannels: max(1, routeOutputChannels(server) ?? settings.outputChannels),
                                inputChannels: max(1, settings.inputChannels), ioBufferFrames: settings.ioBufferFrames)
    }

    /// On a route of several output ports (multiRoute) the hardware side is every port's channels
    /// in route order — headphones L/R then HDMI 1/2 is four channels (2012 multiroute talk: "it's
    /// going to see four channels"); nil for a one-port route, which has the negotiated count.
    private func routeOutputChannels(_ server: AudioServer) -> Int? {
        guard let app = binding?.app else { return nil }
        let outputs = server.currentRoute(for: app).outputs
        return outputs.count > 1 ? outputs.reduce(0) { $0 + max(1, $1.channels.count) } : nil
    }

    // MARK: Elements and formats

    override func elementCount(_ scope: AudioUnitScope) -> Int { scope == kAudioUnitScope_Global ? 1 : 2 }

    override func streamFormat(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> AudioStreamBasicDescription {
        let hardware = hardware
        switch (scope, element) {
        case (kAudioUnitScope_Input, 0): return clientOutputFormat
        case (kAudioUnitScope_Output, 1): return clientInputFormat
        case (kAudioUnitScope_Output, 0): return .canonical(sampleRate: Double(hardware.sampleRate), channels: hardware.outputChannels)
        default: return .canonical(sampleRate: Double(hardware.sampleRate), channels: hardware.inputChannels)
        }
    }

    /// Only the client sides: the hardware's format is the session's business.
    override func isStreamFormatWritable(_ scope: AudioUnitScope, _ element: AudioUnitElement) -> Bool {
        (scope == kAudioUnitScope_Input && element == 0) || (scope == kAudioUnitScope_Output && element == 1)
    }

    override func setStreamFormat(_ format: AudioStreamBasicDescription, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) {
        if element == 0 {
            clientOutputFormat = format
            if let map = channelMap, map.contains(where: { $0 >= Int32(format.channelCount) }) { channelMap = nil }
        } else {
            clientInputFormat = format
        }
    }

    // MARK: Properties (RemoteIOUnit+Properties.swift)

    override func unitPropertyAccess(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope) -> (exists: Bool, writable: Bool) {
        ioPropertyAccess(id, scope)
    }

    override func unitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement) throws(AUError) -> PropertyValue? {
        try ioProperty(id, scope, element)
    }

    override func setUnitProperty(_ id: AudioUnitPropertyID, _ scope: AudioUnitScope, _ element: AudioUnitElement,
                                  _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        try setIOProperty(id, scope, element, data, size)
    }

    override func renderBus(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                            _ bus: UInt32, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        if bus == 0 { return renderOutputBus(flags, timeStamp, frames, ioData) }
        return interAppHost?.takesAudio == true ? renderHostInput(frames, ioData) : renderCaptured(frames, ioData)
    }

    /// Control side: the render state was made for `hardware` (start, or a new hardware format).
    func renderStateMade(_ state: RemoteIORenderState, hardware: HardwareSnapshot) {}
    /// Render side: the microphone of this cycle (IO frames from `sampleTime`) at the hardware
    /// rate, before the app sees it (VoiceProcessingIO processes it here).
    func processMicrophone(_ samples: UnsafeMutablePointer<Float>, frames: Int, sampleTime: Int64) {}

    // MARK: Lifecycle

    override func allocateResources() throws(AUError) {
        guard binding != nil else { throw AUError(kAudioUnitErr_FailedInitialization) }
    }

    override func deallocateResources() {
        stop()
        renderState = nil
    }

    override func willDispose() { stop() }
}
