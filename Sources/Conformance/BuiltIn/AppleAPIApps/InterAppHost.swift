// An Inter-App Audio host's audio code (a small multitrack recorder), written only against
// Apple's Audio Unit API: it lists the node apps it can find, instantiates one, sets its format
// at the hardware rate, listens for connection changes, offers its timeline through host
// callbacks, takes the node's remote control events, and plays the node through its own RemoteIO.
// It keeps each node's icon for its node list, as the 2013 talk's sample host does.
// When the node's instance is invalidated it disposes it and can connect again. The same file
// compiles on iOS.
import AudioToolbox
import UIKit
import Foundation

final class InterAppHost: @unchecked Sendable {
    struct FoundNode {
        var component: AudioComponent
        var description: AudioComponentDescription
        var name: String
        var lastActiveTime: Double
        /// The node app's icon at 60 points, for the list of nodes.
        var icon: UIImage?
    }

    private(set) var output: AudioUnit?
    /// The node units the host plays, in the order they were connected; the first feeds the output.
    private(set) var nodes: [AudioUnit] = []
    private(set) var connectedChanges: [Bool] = []
    private(set) var remoteEvents: [AudioUnitRemoteControlEvent] = []
    private(set) var invalidations = 0
    private(set) var renderStatuses: [OSStatus] = []
    private(set) var isPlaying = true
    private(set) var isRecording = false
    var sampleRate: Double = 48_000
    var tempo: Float64 = 120
    /// Host sample time of the current cycle (the timeline the callbacks report).
    private var sampleTime: Float64 = 0
    private var observer: NSObjectProtocol?

    var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    static func from(_ refCon: UnsafeMutableRawPointer?) -> InterAppHost { Unmanaged.fromOpaque(refCon!).takeUnretainedValue() }

    init() {
        observer = NotificationCenter.default.addObserver(forName: Notification.Name(kAudioComponentInstanceInvalidationNotification as String),
                                                          object: nil, queue: nil) { [weak self] note in
            guard let self, let value = note.userInfo?["audioUnit"] as? NSValue else { return }
            var pointer: UnsafeRawPointer?
            value.getValue(&pointer)
            self.invalidated(pointer)
        }
    }

    deinit { observer.map(NotificationCenter.default.removeObserver) }

    /// Every node the device offers: a wildcard search, keeping the four remote types.
    func discover() -> [FoundNode] {
        var wildcard = AudioComponentDescription()
        var found: [FoundNode] = []
        var next = AudioComponentFindNext(nil, &wildcard)
        while let component = next {
            var description = AudioComponentDescription()
            _ = AudioComponentGetDescription(component, &description)
            if [kAudioUnitType_RemoteEffect, kAudioUnitType_RemoteGenerator, kAudioUnitType_RemoteInstrument,
                kAudioUnitType_RemoteMusicEffect].contains(description.componentType) {
                var name: Unmanaged<CFString>?
                _ = AudioComponentCopyName(component, &name)
                found.append(FoundNode(component: component, description: description,
                                       name: name.map { $0.takeRetainedValue() as String } ?? "",
                                       lastActiveTime: AudioComponentGetLastActiveTime(component),
                                       icon: AudioComponentGetIcon(component, 60)))
            }
            next = AudioComponentFindNext(component, &wildcard)
        }
        return found
    }

    /// The host's RemoteIO, pulling the first node each cycle.
    func makeOutput() -> OSStatus {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        guard let component = AudioComponentFindNext(nil, &description) else { return -1 }
        var instance: AudioComponentInstance?
        let status = AudioComponentInstanceNew(component, &instance)
        guard status == noErr, let unit = instance else { return status }
        output = unit
        var format = Self.stereoFloat(sampleRate)
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, UInt32(MemoryLayout.size(ofValue: format)))
        var render = AURenderCallbackStruct(inputProc: { refCon, flags, timeStamp, _, frames, ioData in
            InterAppHost.from(refCon).render(flags, timeStamp, frames, ioData!)
        }, inputProcRefCon: refCon)
        _ = withUnsafePointer(to: &render) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }
        _ = AudioUnitInitialize(unit)
        return AudioOutputUnitStart(unit)
    }

    static func stereoFloat(_ rate: Double) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                    mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                    mBitsPerChannel: 32, mReserved: 0)
    }

    /// Instantiates and connects a node: format, listener, callbacks, then initialize (the
    /// order the 2013 talk gives). `feedsFrom`: an effect node takes the previous node's output.
    func connect(_ node: FoundNode, rate: Double? = nil, feedsFrom source: AudioUnit? = nil) -> OSStatus {
        var instance: AudioComponentInstance?
        var status = AudioComponentInstanceNew(node.component, &instance)
        guard status == noErr, let unit = instance else { return status }
        var format = Self.stereoFloat(rate ?? sampleRate)
        status = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, UInt32(MemoryLayout.size(ofValue: format)))
        guard status == noErr else { _ = AudioComponentInstanceDispose(unit); return status }
        if let source {
            var link = AudioUnitConnection(sourceAudioUnit: source, sourceOutputNumber: 0, destInputNumber: 0)
            _ = AudioUnitSetProperty(unit, kAudioUnitProperty_MakeConnection, kAudioUnitScope_Input, 0, &link, UInt32(MemoryLayout<AudioUnitConnection>.size))
        }
        _ = AudioUnitAddPropertyListener(unit, kAudioUnitProperty_IsInterAppConnected, { refCon, unit, _, _, _ in
            var connected: UInt32 = 0
            var size = UInt32(4)
            _ = AudioUnitGetProperty(unit, kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0, &connected, &size)
            InterAppHost.from(refCon).connectedChanges.append(connected == 1)
        }, refCon)
        var callbacks = HostCallbackInfo(hostUserData: refCon, beatAndTempoProc: { refCon, beat, tempo in
            let host = InterAppHost.from(refCon)
            beat?.pointee = host.sampleTime / host.sampleRate * host.tempo / 60
            tempo?.pointee = host.tempo
            return noErr
        }, musicalTimeLocationProc: nil, transportStateProc: nil, transportStateProc2: { refCon, playing, recording, changed, sample, _, _, _ in
            let host = InterAppHost.from(refCon)
            playing?.pointee = DarwinBoolean(host.isPlaying)
            recording?.pointee = DarwinBoolean(host.isRecording)
            changed?.pointee = false
            sample?.pointee = host.sampleTime
            return noErr
        })
        _ = withUnsafePointer(to: &callbacks) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_HostCallbacks, kAudioUnitScope_Global, 0, $0, UInt32(MemoryLayout<HostCallbackInfo>.size))
        }
        var listener: AudioUnitRemoteControlEventListener = { [weak self] event in self?.remoteControl(event) }
        _ = withUnsafePointer(to: &listener) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_RemoteControlEventListener, kAudioUnitScope_Global, 0, $0,
                                 UInt32(MemoryLayout<AudioUnitRemoteControlEventListener>.size))
        }
        status = AudioUnitInitialize(unit)
        guard status == noErr else { _ = AudioComponentInstanceDispose(unit); return status }
        if source != nil { nodes.insert(unit, at: 0) } else { nodes.append(unit) }
        return noErr
    }

    /// Done with a node: uninitialize promptly, then dispose.
    func disconnect(_ unit: AudioUnit) {
        _ = AudioUnitUninitialize(unit)
        _ = AudioComponentInstanceDispose(unit)
        nodes.removeAll { $0 == unit }
    }

    /// A MIDI message to an instrument node, `offset` frames into its next render.
    func send(_ status: UInt32, _ data1: UInt32, _ data2: UInt32, offset: UInt32, to unit: AudioUnit) -> OSStatus {
        MusicDeviceMIDIEvent(unit, status, data1, data2, offset)
    }

    /// The peer's URL, while connected.
    func peerURL(_ unit: AudioUnit) -> URL? {
        var url: Unmanaged<CFURL>?
        var size = UInt32(MemoryLayout<Unmanaged<CFURL>?>.size)
        guard AudioUnitGetProperty(unit, kAudioUnitProperty_PeerURL, kAudioUnitScope_Global, 0, &url, &size) == noErr else { return nil }
        return url?.takeRetainedValue() as URL?
    }

    /// Brings the node's app to the foreground through its peer URL (the node's icon tapped).
    func switchTo(_ unit: AudioUnit) -> Bool {
        guard let url = peerURL(unit) else { return false }
        UIApplication.shared.open(url)
        return true
    }

    private func remoteControl(_ event: AudioUnitRemoteControlEvent) {
        remoteEvents.append(event)
        switch event {
        case .togglePlayPause: isPlaying.toggle()
        case .toggleRecord: isRecording.toggle()
        case .rewind: sampleTime = 0
        }
    }

    private func invalidated(_ pointer: UnsafeRawPointer?) {
        guard let index = nodes.firstIndex(where: { UnsafeRawPointer($0) == pointer }) else { return }
        invalidations += 1
        _ = AudioComponentInstanceDispose(nodes[index])
        nodes.remove(at: index)
    }

    private func render(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                        _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        defer { sampleTime += Float64(frames) }
        guard let node = nodes.first else {
            for buffer in UnsafeMutableAudioBufferListPointer(ioData) { buffer.mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffer.mDataByteSize)) }
            return noErr
        }
        let status = AudioUnitRender(node, flags, timeStamp, 0, frames, ioData)
        if renderStatuses.last != status { renderStatuses.append(status) }
        if status != noErr {
            for buffer in UnsafeMutableAudioBufferListPointer(ioData) { buffer.mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffer.mDataByteSize)) }
        }
        return noErr
    }
}
