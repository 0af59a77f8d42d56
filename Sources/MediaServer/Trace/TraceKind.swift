import VirtualDevices

/// Every kind of trace line the simulation writes, listed once; the raw value is the `kind` of
/// the JSON line. Only one family is open: what an app model logs, `app.<model>.<what>`
/// (`app.player.started`), whose model and words belong to the app (`AppEventRecord`).
///
/// docs/trace.md describes each kind's fields.
public enum TraceKind: String, CaseIterable, Hashable, Sendable {
    // What happened to the device (a scenario step, a script, a test), with its outcome.
    case deviceAttach = "device.attach", deviceDetach = "device.detach"
    case deviceRingerSilent = "device.ringer-silent", deviceRingerRing = "device.ringer-ring"
    case deviceLockScreen = "device.lock-screen", deviceUnlockScreen = "device.unlock-screen"
    case deviceControlCenter = "device.control-center", deviceDismissControlCenter = "device.dismiss-control-center"
    case deviceMuteBuiltInMic = "device.mute-built-in-mic", deviceUnmuteBuiltInMic = "device.unmute-built-in-mic"
    case deviceVolumeUp = "device.volume-up", deviceVolumeDown = "device.volume-down"
    case deviceIncomingCall = "device.incoming-call", deviceAnswerCall = "device.answer-call"
    case deviceDeclineCall = "device.decline-call", deviceHangUp = "device.hang-up"
    case deviceAlarm = "device.alarm", deviceDismissAlarm = "device.dismiss-alarm"
    case deviceSiri = "device.siri", deviceSiriEnd = "device.siri-end"
    case deviceLaunch = "device.launch", deviceForeground = "device.foreground", deviceBackground = "device.background"
    case deviceSuspend = "device.suspend", deviceTerminate = "device.terminate"
    case deviceMediaServerCrash = "device.media-server-crash", deviceMediaServerRestart = "device.media-server-restart"
    case deviceBluetoothLinkLoss = "device.bluetooth-link-loss"
    case deviceNetworkDropout = "device.network-dropout", deviceNetworkRestored = "device.network-restored"
    /// A device event or step the device could not carry out; nothing changed.
    case deviceRefused = "device.refused"

    // The policy's effects.
    case sessionActivated = "session.activated", sessionDeactivated = "session.deactivated"
    case sessionDucked = "session.ducked", sessionSilenced = "session.silenced", sessionNowPlaying = "session.nowPlaying"
    case sessionAlertSpared = "session.alertSpared"
    case routeChanged = "route.changed", routeOverrideReverted = "route.overrideReverted", routePicked = "route.picked"
    case hardwareChanged = "hardware.changed", permissionDialog = "permission.dialog"
    case permissionRequest = "permission.request", permissionAnswer = "permission.answer", permissionSettings = "permission.settings"
    case mediaServerReset = "mediaserver.reset"

    // Notifications posted to an app's session, and Core MIDI's setup notifications.
    case notifyInterruption = "notify.interruption", notifyRouteChange = "notify.routeChange"
    case notifyMediaServicesWereLost = "notify.mediaServicesWereLost", notifyMediaServicesWereReset = "notify.mediaServicesWereReset"
    case notifySilenceSecondaryAudioHint = "notify.silenceSecondaryAudioHint"
    case notifyInputMuteStateChange = "notify.inputMuteStateChange", notifyRenderingModeChange = "notify.renderingModeChange"
    case notifySpatialPlaybackCapabilitiesChanged = "notify.spatialPlaybackCapabilitiesChanged"
    case notifyOutputMuteStateChange = "notify.outputMuteStateChange", notifyUserIntentToUnmuteOutput = "notify.userIntentToUnmuteOutput"
    case notifyAvailableInputsChange = "notify.availableInputsChange"
    case notifyMIDISetupChanged = "notify.msgSetupChanged", notifyMIDIObjectAdded = "notify.msgObjectAdded"
    case notifyMIDIObjectRemoved = "notify.msgObjectRemoved", notifyMIDIPropertyChanged = "notify.msgPropertyChanged"

    // Session API calls with their result.
    case apiSetCategory = "api.setCategory", apiSetMode = "api.setMode", apiSetActive = "api.setActive"
    case apiStartIO = "api.startIO", apiStopIO = "api.stopIO"
    case apiOverrideOutputAudioPort = "api.overrideOutputAudioPort", apiSetPreferredInput = "api.setPreferredInput"
    case apiSetPrefersInterruptionOnRouteDisconnect = "api.setPrefersInterruptionOnRouteDisconnect"
    case apiSetPreferredSampleRate = "api.setPreferredSampleRate", apiSetPreferredIOBufferDuration = "api.setPreferredIOBufferDuration"
    case apiSetPreferredInputNumberOfChannels = "api.setPreferredInputNumberOfChannels"
    case apiSetPreferredOutputNumberOfChannels = "api.setPreferredOutputNumberOfChannels"
    case apiSetInputGain = "api.setInputGain", apiSetAggregatedIOPreference = "api.setAggregatedIOPreference"
    case apiSetPreferredPolarPattern = "api.setPreferredPolarPattern", apiSetInputDataSource = "api.setInputDataSource"
    case apiSetOutputDataSource = "api.setOutputDataSource"
    case apiSetPreferredDataSource = "api.setPreferredDataSource"
    case apiSetPrefersNoInterruptionsFromSystemAlerts = "api.setPrefersNoInterruptionsFromSystemAlerts"
    case apiSetPrefersEchoCancelledInput = "api.setPrefersEchoCancelledInput"
    case apiSetSupportsMultichannelContent = "api.setSupportsMultichannelContent"

    // Apps and the scenario driving them.
    case appRegistered = "app.registered", appInputMuted = "app.inputMuted", appOutputMuted = "app.outputMuted"
    case scenarioStep = "scenario.step", scenarioPermissionResponse = "scenario.permission-response", runEnd = "run.end"

    // I/O and audio.
    case audioIOStarted = "audio.io.started", audioIOStopped = "audio.io.stopped", audioIOFormat = "audio.io.format"
    case audioVoiceAdded = "audio.voice.added", audioVoiceRemoved = "audio.voice.removed"
    case audioClientAdded = "audio.client.added", audioClientRemoved = "audio.client.removed"
    case audioAppGain = "audio.app.gain", audioLevels = "audio.levels", audioQueueTornDown = "audioQueue.tornDown"
    case codecHardwareAcquired = "codec.hardware.acquired", codecHardwareRefused = "codec.hardware.refused"
    case codecHardwareReleased = "codec.hardware.released", codecHardwareRevoked = "codec.hardware.revoked"
    case codecSoftware = "codec.software"
    case engineConfigurationChange = "engine.configurationChange", engineException = "engine.exception"
    case systemSound = "system.sound", systemVibrate = "system.vibrate"

    // Now Playing and remote commands.
    case nowPlayingState = "nowplaying.state", nowPlayingInfo = "nowplaying.info", remoteCommand = "remote.command"

    // AirPlay and video.
    case airplayReceiver = "airplay.receiver", airplayGapBegan = "airplay.gap.began", airplayGapEnded = "airplay.gap.ended"
    case airplayFlush = "airplay.flush", airplayFlushedAutomatically = "airplay.flushed-automatically"
    case airplayRendererRefused = "airplay.renderer.refused"
    case videoDisplayed = "video.displayed", videoDropped = "video.dropped", videoCleared = "video.cleared"

    // OpenAL.
    case openALContextCurrent = "openal.context.current", openALContextStillCurrent = "openal.context.stillCurrent"
    case openALContextKeptThroughInterruption = "openal.context.keptThroughInterruption"
    case openALOutputRefused = "openal.output.refused", openALOutputStopped = "openal.output.stopped", openALUnpinned = "openal.unpinned"

    // Inter-App Audio.
    case iaaInstalled = "iaa.installed", iaaRemoved = "iaa.removed", iaaRegistrationsChanged = "iaa.registrations-changed"
    case iaaPublished = "iaa.published", iaaPublishIgnored = "iaa.publish-ignored", iaaPublishRefused = "iaa.publish-refused"
    case iaaInstantiated = "iaa.instantiated", iaaInstantiateRefused = "iaa.instantiate-refused"
    case iaaConnected = "iaa.connected", iaaDisconnected = "iaa.disconnected", iaaInvalidated = "iaa.invalidated"
    case iaaInitializationTimedOut = "iaa.initialization-timed-out", iaaRemoteControl = "iaa.remote-control"

    // MIDI and Bluetooth LE.
    case midiClientCreated = "midi.client.created", midiPortConnected = "midi.port.connected"
    case midiDeviceAdded = "midi.device.added", midiDeviceOffline = "midi.device.offline", midiWireReceived = "midi.wire-received"
    case midiFlush = "midi.flush", midiRestart = "midi.restart"
    case bleAdvertising = "ble.advertising", bleScan = "ble.scan", blePaired = "ble.paired"
    case blePairingRequested = "ble.pairing-requested", blePairingRefused = "ble.pairing-refused"
    case bleConnecting = "ble.connecting", bleConnected = "ble.connected", bleReady = "ble.ready"
    case bleReconnecting = "ble.reconnecting", bleDisconnected = "ble.disconnected"
    case blePowerOff = "ble.power-off", blePowerOn = "ble.power-on"
    case blePeerReceived = "ble.peer-received", blePacketRejected = "ble.packet-rejected"

    // A run played through JACK.
    case jackSummary = "jack.summary", jackXrun = "jack.xrun", jackFailed = "jack.failed"
    case jackInputUnheard = "jack.input.unheard", jackMIDIUnbridged = "jack.midi.unbridged", jackResampling = "jack.resampling"
}

extension TraceKind {
    /// The kind of a device event's line: `device.<verb>` (every verb has one; a test holds it).
    public init(_ verb: DeviceVerb) {
        guard let kind = TraceKind(rawValue: "device." + verb.rawValue) else { preconditionFailure("no trace kind for device.\(verb.rawValue)") }
        self = kind
    }

    /// The kind of a Bluetooth LE radio's line (`ble.<event>`), nil for an event not listed here.
    public init?(bluetoothEvent event: String) { self.init(rawValue: "ble." + event) }

    /// The verb of a `device.*` line (`attach`), nil for other kinds and for `device.refused`.
    public var deviceVerb: DeviceVerb? {
        guard rawValue.hasPrefix("device.") else { return nil }
        return DeviceVerb(rawValue: String(rawValue.dropFirst("device.".count)))
    }

    /// A notification posted to an app: a session's (`notify.interruption` …) or Core MIDI's.
    public var isNotification: Bool { rawValue.hasPrefix("notify.") }

    /// A notification's name (`interruption`, `msgSetupChanged`), nil for other kinds.
    public var notificationName: String? {
        isNotification ? String(rawValue.dropFirst("notify.".count)) : nil
    }

    /// The call of an `api.*` line (`setCategory`), nil for other kinds.
    public var apiCall: String? {
        rawValue.hasPrefix("api.") ? String(rawValue.dropFirst("api.".count)) : nil
    }
}
