import AudioGraph
import Foundation
import MediaServer
import CoreAudioTypes

/// RemoteIO as an Inter-App Audio node's output unit: published with `AudioOutputUnitPublish`,
/// connected to a host (its I/O then goes to and from the host instead of the speaker and the
/// microphone), and the node-side properties: IsInterAppConnected, NodeComponentDescription,
/// HostCallbacks, MIDICallbacks, HostReceivesRemoteControlEvents, RemoteControlToHost,
/// HostTransportState, PeerURL.
extension RemoteIOUnit {
    var isInterAppConnected: Bool { interAppHost?.isConnected == true }

    /// The host initialized its unit for this node: stop playing to the hardware, initialize,
    /// and tell the node's listeners (which typically start the unit now, even from the background).
    func connect(to host: RemoteNodeUnit) {
        if client != nil { stop() }
        interAppHost = host
        binding.map { $0.server.setInterAppNode($0.app, connected: true) }
        try? initialize()
        propertyChanged(kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0)
    }

    /// The connection ended: the node's output unit has been stopped and uninitialized.
    func disconnectFromHost() {
        let wasRunning = interAppRunning
        releaseMicrophone()
        interAppRunning = false
        interAppHost = nil
        binding.map { $0.server.setInterAppNode($0.app, connected: false) }
        uninitialize()
        if wasRunning { propertyChanged(kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0) }
        propertyChanged(kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0)
    }

    /// A generator or instrument node that leaves its input bus enabled keeps the microphone
    /// while its output goes to the host (WWDC 2013 session 602: "it can continue to receive
    /// microphone or a line input"). Effects take their input from the host instead.
    var keepsMicrophone: Bool { inputEnabled && interAppHost?.takesAudio == false }

    /// Start while connected: the host's cycle pulls the output; no hardware output of its own.
    /// A node that keeps the microphone attaches its input to the device's IO cycle ahead of
    /// every other client, so its input callback has this cycle's microphone before the host
    /// pulls its output in the same cycle: no latency is added. Its input is heard as any app's
    /// (active session, record permission).
    func startForHost() throws(AUError) {
        guard !interAppRunning else { return }
        interAppRunning = true
        if keepsMicrophone, let binding {
            do {
                try attachToIOCycle(binding)
            } catch {
                interAppRunning = false
                throw error
            }
        }
        propertyChanged(kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0)
    }

    func stopForHost() {
        guard interAppRunning else { return }
        releaseMicrophone()
        interAppRunning = false
        propertyChanged(kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0)
    }

    private func releaseMicrophone() {
        guard let binding, let client else { return }
        binding.server.removeRenderClient(client)
        self.client = nil
        AppIOUsers.of(binding).stop(binding)
    }

    /// A published node not connected to a host may start only in the foreground; from the
    /// background the system denies it (12985, "operation denied").
    func mayStartWithoutHost() -> Bool {
        guard publishedDescription != nil, let binding else { return true }
        return binding.server.isForeground(binding.app)
    }

    /// Render side: the host's input for this cycle is ready; an effect node's input callback runs
    /// (it then calls `AudioUnitRender` on bus 1, which reads the host's audio).
    func hostInputArrived(_ timeStamp: UnsafePointer<AudioTimeStamp>, _ frames: UInt32) {
        guard inputEnabled, interAppRunning, let proc = inputCallback.inputProc, let connection = interAppHost?.connection else { return }
        connection.flags.pointee = []
        _ = proc(inputCallback.inputProcRefCon ?? noUserData, connection.flags, timeStamp, 1, frames, nil)
    }

    /// `AudioUnitRender` on bus 1 while connected: the host's audio in the client input format.
    func renderHostInput(_ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        guard inputEnabled else { return kAudioUnitErr_NoConnection }
        guard let host = interAppHost, let connection = host.connection, Int(frames) <= connection.inputFrames else { return kAudio_ParamError }
        InterAppConnection.fillMissing(ioData, from: connection.nodeInput, frames: Int(frames))
        connection.transfer(Int(frames), from: connection.hostInput.list.unsafeMutablePointer, host.inputFormat, to: ioData, clientInputFormat)
        return 0
    }

    // MARK: Properties

    func interAppPropertyAccess(_ id: AudioUnitPropertyID) -> (exists: Bool, writable: Bool) {
        switch id {
        case kAudioUnitProperty_IsInterAppConnected, kAudioOutputUnitProperty_NodeComponentDescription, kAudioUnitProperty_HostCallbacks,
             kAudioOutputUnitProperty_HostReceivesRemoteControlEvents, kAudioOutputUnitProperty_HostTransportState, kAudioUnitProperty_PeerURL:
            (true, false)
        case kAudioOutputUnitProperty_MIDICallbacks, kAudioOutputUnitProperty_RemoteControlToHost: (true, true)
        default: (false, false)
        }
    }

    func interAppProperty(_ id: AudioUnitPropertyID) throws(AUError) -> PropertyValue? {
        switch id {
        case kAudioUnitProperty_IsInterAppConnected: return .uint32(isInterAppConnected ? 1 : 0)
        case kAudioOutputUnitProperty_NodeComponentDescription:
            guard let publishedDescription else { throw AUError(kAudioUnitErr_PropertyNotInUse) }
            return .description(publishedDescription)
        case kAudioUnitProperty_HostCallbacks:
            guard let host = interAppHost, let connection = host.connection, let callbacks = host.hostCallbacks else {
                throw AUError(kAudioUnitErr_PropertyNotInUse)
            }
            return .hostCallbacks(HostTimeline.nodeCallbacks(connection.timeline, host: callbacks))
        case kAudioOutputUnitProperty_HostReceivesRemoteControlEvents:
            return .uint32(interAppHost?.remoteControlListener != nil && isInterAppConnected ? 1 : 0)
        case kAudioOutputUnitProperty_HostTransportState:
            return .uint32(0)   // a dummy: the property exists to be listened to
        case kAudioUnitProperty_PeerURL:
            guard let host = interAppHost, isInterAppConnected, let app = host.binding?.app else { throw AUError(kAudioUnitErr_PropertyNotInUse) }
            return .url(InterAppAudio.peerURL(of: app))
        default: return nil
        }
    }

    func setInterAppProperty(_ id: AudioUnitPropertyID, _ data: UnsafeRawPointer?, _ size: UInt32) throws(AUError) {
        switch id {
        case kAudioOutputUnitProperty_MIDICallbacks:
            midiCallbacks = data == nil ? AudioOutputUnitMIDICallbacks() : try readValue(data, size, as: AudioOutputUnitMIDICallbacks.self)
        case kAudioOutputUnitProperty_RemoteControlToHost:
            let raw = try readValue(data, size, as: UInt32.self)
            guard let event = AudioUnitRemoteControlEvent(rawValue: raw) else { throw .invalidValue }
            guard let host = interAppHost, isInterAppConnected else { throw AUError(kAudioUnitErr_PropertyNotInUse) }
            host.remoteControl(event)
        default: throw .invalidProperty
        }
    }
}

/// Publishes a node's RemoteIO as the component its Info.plist declares, so hosts can
/// instantiate and connect it. The description, name and version must match the declaration
/// (`kAudioComponentErr_NotPermitted` otherwise); a description already published is
/// `kAudioComponentErr_DuplicateDescription`; a type other than the four remote ones is
/// `kAudioComponentErr_UnsupportedType`. Unavailable before iOS 7 and on the Mac.
public func AudioOutputUnitPublish(_ inDesc: UnsafePointer<AudioComponentDescription>, _ inName: CFString, _ inVersion: UInt32,
                                   _ inOutputUnit: AudioUnit) -> OSStatus {
    withUnit(inOutputUnit) { unit throws(AUError) in
        guard let io = unit as? RemoteIOUnit, let binding = io.binding else { throw .paramError }
        try InterAppAudio.of(binding.server).publish(inDesc.pointee, name: inName as String, version: inVersion, unit: io, by: binding.app)
    }
}

/// When the user last used the component's app (seconds since 2001, as `CFAbsoluteTime`); 0 if never.
public func AudioComponentGetLastActiveTime(_ comp: AudioComponent) -> Double {
    guard let component = RegisteredComponent.resolve(comp), let app = component.owner, let binding = AppContext.current else { return 0 }
    return InterAppAudio.of(binding.server).lastActiveTime(of: app)
}
