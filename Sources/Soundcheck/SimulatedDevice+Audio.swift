import MediaServer
import SimCore
import VirtualDevices

/// Audio in the harness: play sources as an app, feed virtual microphones, read what reached
/// each port ("a tone on HDMI channel 3 between 2 s and 4 s", "silence on the speaker after the
/// unplug").
extension SimulatedDevice {
    /// Starts `source` as `app`'s voice now (on its route's first two channels, or on `assignments`).
    @discardableResult
    public func play(_ source: AudioSource, as app: String, assignments: [ChannelAssignment]? = nil,
                     gain: Float = 1) -> VoiceID {
        server.addVoice(app: AppID(app), source: source, assignments: assignments, gain: gain)
    }

    public func stop(_ voice: VoiceID) { server.removeVoice(voice) }

    /// What reached an output port so far, by UID ("Speaker", "Wired Headphones", "HDMIOutput-1").
    public func sink(_ portUID: String) -> PortSink? { server.sink(portUID: portUID) }

    /// What `app` read from its input so far (after `startInput`).
    public func inputSink(_ app: String) -> PortSink? { server.inputSink(app: AppID(app)) }

    /// A virtual microphone signal on an input port channel (1-based).
    @discardableResult
    public func attachInputSource(_ portUID: String, channel: Int = 1, _ source: AudioSource) -> VoiceID {
        server.attachInputSource(portUID: portUID, channel: channel, source: source)
    }

    public func startInput(_ app: String, assignment: ChannelAssignment? = nil) {
        server.startInput(app: AppID(app), assignment: assignment)
    }

    /// Mixer settings; set them before the first voice.
    public var audioMixSettings: AudioMixSettings {
        get { server.audioMixSettings }
        set { server.audioMixSettings = newValue }
    }
}

extension HostTime {
    /// `seconds` after the simulation started (test notation: `.seconds(2)`).
    public static func seconds(_ seconds: Int64) -> HostTime { .zero + .seconds(seconds) }
    public static func milliseconds(_ milliseconds: Int64) -> HostTime { .zero + .milliseconds(milliseconds) }
}
