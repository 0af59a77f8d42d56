import Foundation
import AudioToolbox
import AVFAudio
import UIKit

/// An Inter-App Audio host, a small multitrack recorder written against Apple's Audio Unit API:
/// its RemoteIO plays the node chain it hosts — one instrument, optionally through one effect.
///
/// Commands: `play` / `stop` (its RemoteIO), `connect-instrument` / `connect-effect` (find the
/// first node of that type with a wildcard `AudioComponentFindNext`, instantiate it — the system
/// launches the node app into the background — set its format at the hardware rate, listen for
/// connection changes, offer host callbacks and a remote-control listener, initialize), `note-on`
/// (A4, velocity 127, `MusicDeviceMIDIEvent` 412 frames into the next cycle), `note-off`
/// (offset 0), `disconnect` (uninitialize and dispose every node), `record` (toggles recording).
///
/// Logs `found` (every node's name), `connected`, `connection-changed`, `invalidated` (on
/// `kAudioComponentInstanceInvalidationNotification`: it disposes the unit and can connect
/// again), `remote-control` (the event's raw value), `error` (call, code), and `node-icon` (the
/// node it picked: its icon at 60 points, as `size` in points and `scale`, when the node ships one).
public final class IAAHostApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultOptions: AVAudioSession.CategoryOptions { .mixWithOthers }
    override public class var defaultTone: Int? { nil }
    static let commands = ["play", "stop", "connect-instrument", "connect-effect", "note-on", "note-off", "disconnect", "record"]
    static let noteOffset: UInt32 = 412

    private var output: AudioUnit?
    private var instrument: AudioUnit?
    private var effect: AudioUnit?
    private var isRecording = false
    private var transportPlaying = false
    private var sampleTime: Float64 = 0
    private var invalidationObserver: NSObjectProtocol?
    private var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    private static func from(_ refCon: UnsafeMutableRawPointer?) -> IAAHostApp { Unmanaged.fromOpaque(refCon!).takeUnretainedValue() }

    /// Its units' handles would keep them (and the simulated device they reach) alive for the
    /// process's life, and so would its observer in the process's notification center: `explore`
    /// runs thousands of devices in one process.
    deinit {
        invalidationObserver.map(NotificationCenter.default.removeObserver)
        // Its connection listeners first: their refCon is this object, which is going, and
        // disposing a connection tells them.
        for unit in [effect, instrument].compactMap({ $0 }) {
            _ = AudioUnitRemovePropertyListenerWithUserData(unit, kAudioUnitProperty_IsInterAppConnected, { _, _, _, _, _ in }, refCon)
        }
        for unit in [effect, instrument, output].compactMap({ $0 }) { _ = AudioComponentInstanceDispose(unit) }
    }

    static func stereoFloat(_ rate: Double) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                    mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                    mBitsPerChannel: 32, mReserved: 0)
    }

    override public func didLaunch() {
        invalidationObserver = NotificationCenter.default.addObserver(
            forName: Notification.Name(kAudioComponentInstanceInvalidationNotification as String), object: nil, queue: nil) { [weak self] note in
            guard let self, let value = note.userInfo?["audioUnit"] as? NSValue else { return }
            var pointer: UnsafeRawPointer?
            value.getValue(&pointer)
            self.invalidated(pointer)
        }
    }

    /// The host's RemoteIO (made at launch and again after a media-services reset).
    override public func makeSound() {
        instrument = nil
        effect = nil
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioComponentInstance?
        guard let io = AudioComponentFindNext(nil, &description), AudioComponentInstanceNew(io, &instance) == noErr, let unit = instance else { return }
        output = unit
        var format = Self.stereoFloat(session.sampleRate)
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, UInt32(MemoryLayout.size(ofValue: format)))
        var render = AURenderCallbackStruct(inputProc: { refCon, flags, timeStamp, _, frames, ioData in
            IAAHostApp.from(refCon).render(flags, timeStamp, frames, ioData!)
        }, inputProcRefCon: refCon)
        _ = withUnsafePointer(to: &render) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }
    }

    override public func startSound() -> Bool {
        guard let output else { return false }
        _ = AudioUnitInitialize(output)
        transportPlaying = true
        return AudioOutputUnitStart(output) == noErr
    }

    override public func stopSound() {
        transportPlaying = false
        if let output { _ = AudioOutputUnitStop(output) }
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        case "stop": setPlaying(false, because: "user")
        case "connect-instrument": instrument = connect(kAudioUnitType_RemoteInstrument, from: nil)
        case "connect-effect": effect = connect(kAudioUnitType_RemoteEffect, from: instrument)
        case "note-on": send(0x90, 69, 127, offset: Self.noteOffset)
        case "note-off": send(0x80, 69, 0, offset: 0)
        case "record": isRecording.toggle()
        default:
            for unit in [effect, instrument].compactMap({ $0 }) {
                _ = AudioUnitUninitialize(unit)
                _ = AudioComponentInstanceDispose(unit)
            }
            (instrument, effect) = (nil, nil)
        }
    }

    override public func mediaServicesWereReset() {
        (instrument, effect) = (nil, nil)
        super.mediaServicesWereReset()
    }

    private func send(_ status: UInt32, _ note: UInt32, _ velocity: UInt32, offset: UInt32) {
        guard let instrument else { return log("error", ["call": "MusicDeviceMIDIEvent", "code": "no instrument"]) }
        let result = MusicDeviceMIDIEvent(instrument, status, note, velocity, offset)
        if result != noErr { log("error", ["call": "MusicDeviceMIDIEvent", "code": String(result)]) }
    }

    /// An icon as a switcher view would lay it out: its size in points and its scale.
    static func describe(_ icon: UIImage) -> [String: String] {
        ["size": "\(Int(icon.size.width))x\(Int(icon.size.height))", "scale": String(Double(icon.scale))]
    }

    /// Finds the first node of `type`, instantiates and connects it (the order the 2013 talk gives).
    private func connect(_ type: OSType, from source: AudioUnit?) -> AudioUnit? {
        var wildcard = AudioComponentDescription()
        var found: AudioComponent?
        var next = AudioComponentFindNext(nil, &wildcard)
        var names: [String] = []
        while let component = next {
            var description = AudioComponentDescription()
            _ = AudioComponentGetDescription(component, &description)
            if [kAudioUnitType_RemoteEffect, kAudioUnitType_RemoteGenerator, kAudioUnitType_RemoteInstrument,
                kAudioUnitType_RemoteMusicEffect].contains(description.componentType) {
                var name: Unmanaged<CFString>?
                _ = AudioComponentCopyName(component, &name)
                names.append(name.map { $0.takeRetainedValue() as String } ?? "?")
                if found == nil, description.componentType == type { found = component }
            }
            next = AudioComponentFindNext(component, &wildcard)
        }
        log("found", ["names": names.joined(separator: ", ")])
        guard let found else {
            log("error", ["call": "AudioComponentFindNext", "code": "no node"])
            return nil
        }
        if let icon = AudioComponentGetIcon(found, 60) { log("node-icon", Self.describe(icon)) }
        var instance: AudioComponentInstance?
        var status = AudioComponentInstanceNew(found, &instance)
        guard status == noErr, let unit = instance else {
            log("error", ["call": "AudioComponentInstanceNew", "code": String(status)])
            return nil
        }
        var format = Self.stereoFloat(session.sampleRate)
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 0, &format, UInt32(MemoryLayout.size(ofValue: format)))
        if let source {
            var link = AudioUnitConnection(sourceAudioUnit: source, sourceOutputNumber: 0, destInputNumber: 0)
            _ = AudioUnitSetProperty(unit, kAudioUnitProperty_MakeConnection, kAudioUnitScope_Input, 0, &link, UInt32(MemoryLayout<AudioUnitConnection>.size))
        }
        _ = AudioUnitAddPropertyListener(unit, kAudioUnitProperty_IsInterAppConnected, { refCon, unit, _, _, _ in
            var connected: UInt32 = 0
            var size = UInt32(4)
            _ = AudioUnitGetProperty(unit, kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0, &connected, &size)
            IAAHostApp.from(refCon).log("connection-changed", ["connected": connected == 1 ? "true" : "false"])
        }, refCon)
        var callbacks = HostCallbackInfo(hostUserData: refCon, beatAndTempoProc: { refCon, beat, tempo in
            beat?.pointee = IAAHostApp.from(refCon).sampleTime / 48_000 * 2
            tempo?.pointee = 120
            return noErr
        }, musicalTimeLocationProc: nil, transportStateProc: nil, transportStateProc2: { refCon, playing, recording, changed, sample, _, _, _ in
            let host = IAAHostApp.from(refCon)
            playing?.pointee = DarwinBoolean(host.transportPlaying)
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
        guard status == noErr else {
            log("error", ["call": "AudioUnitInitialize", "code": String(status)])
            _ = AudioComponentInstanceDispose(unit)
            return nil
        }
        var name: Unmanaged<CFString>?
        _ = AudioComponentCopyName(found, &name)
        log("connected", ["name": name.map { $0.takeRetainedValue() as String } ?? "?"])
        return unit
    }

    private func remoteControl(_ event: AudioUnitRemoteControlEvent) {
        log("remote-control", ["event": String(event.rawValue)])
        switch event {
        case .togglePlayPause: transportPlaying.toggle()
        case .toggleRecord: isRecording.toggle()
        case .rewind: sampleTime = 0
        }
    }

    private func invalidated(_ pointer: UnsafeRawPointer?) {
        for (unit, clear) in [(instrument, { self.instrument = nil }), (effect, { self.effect = nil })] {
            guard let unit, UnsafeRawPointer(unit) == pointer else { continue }
            _ = AudioComponentInstanceDispose(unit)
            clear()
            log("invalidated")
        }
    }

    private func render(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                        _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        defer { sampleTime += Float64(frames) }
        if let last = effect ?? instrument, AudioUnitRender(last, flags, timeStamp, 0, frames, ioData) == noErr { return noErr }
        for buffer in UnsafeMutableAudioBufferListPointer(ioData) {
            buffer.mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffer.mDataByteSize))
        }
        return noErr
    }
}
