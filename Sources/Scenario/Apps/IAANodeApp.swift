import Foundation
@_spi(Soundcheck) import AudioToolbox
import AVFAudio
import UIKit

/// An Inter-App Audio node, written against Apple's Audio Unit API: at every launch (and after a
/// media-services reset) it makes a RemoteIO unit and publishes it as the first component its
/// declaration's `audio-components:` lists. When a host connects (`IsInterAppConnected`) it starts
/// the unit, even from the background; it logs `connected` / `disconnected`, and `host-icon` (its
/// host's icon at 40 points, for its transport controls) when the host ships one.
///
/// `iaa-instrument` plays a sine per MIDI note from its host (A4 = 440 Hz, peak velocity/127 × 0.5),
/// starting `offset` frames into the cycle, and logs `note-on` with the host timeline's sample
/// time of that frame. `iaa-effect` returns its host's audio at half level (−6 dB).
///
/// Commands: `play` starts the unit without a host (refused from the background: error 12985),
/// `remote-play-pause`, `remote-record`, `remote-rewind` send the host a remote control event.
/// Mistake `publishes-wrong-version`: publishes a version its Info.plist does not declare
/// (`AudioOutputUnitPublish` fails with −66748, hosts cannot connect).
public class IAANodeApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultOptions: AVAudioSession.CategoryOptions { .mixWithOthers }
    override public class var defaultTone: Int? { nil }
    class var isEffect: Bool { false }
    static let commands = ["play", "remote-play-pause", "remote-record", "remote-rewind"]

    private var unit: AudioUnit?
    private var voices: [(note: UInt32, frequency: Double, amplitude: Float, phase: Double)] = []
    private var pending: [(offset: UInt32, note: UInt32, velocity: UInt32)] = []
    private var sampleRate = 48_000.0
    /// The user started the unit on its own (`play`, no host): an interruption stops it.
    private var startedByUser = false
    private var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    private static func from(_ refCon: UnsafeMutableRawPointer?) -> IAANodeApp { Unmanaged.fromOpaque(refCon!).takeUnretainedValue() }

    /// A handle keeps its unit (and through it the whole simulated device) alive until disposed,
    /// so an app that ends without disposing would keep every finished run of `explore` in memory.
    /// Its listener goes first: its refCon is this object, and disposing (or a host disposing its
    /// connection later) would call it while the object is going.
    deinit {
        guard let unit else { return }
        _ = AudioUnitRemovePropertyListenerWithUserData(unit, kAudioUnitProperty_IsInterAppConnected, { _, _, _, _, _ in }, refCon)
        _ = AudioComponentInstanceDispose(unit)
    }

    override public func makeSound() {
        if let unit { _ = AudioComponentInstanceDispose(unit) }
        unit = nil
        voices = []
        // After a media-services reset the unit the user started is gone with the old server.
        if startedByUser {
            startedByUser = false
            log("stopped", ["reason": "media-services-reset"])
        }
        guard let component = configuration.audioComponents.first else { return log("error", ["call": "publish", "code": "no audio-components"]) }
        sampleRate = session.sampleRate
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioComponentInstance?
        guard let io = AudioComponentFindNext(nil, &description), AudioComponentInstanceNew(io, &instance) == noErr, let unit = instance else { return }
        self.unit = unit
        var format = IAAHostApp.stereoFloat(sampleRate)
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, UInt32(MemoryLayout.size(ofValue: format)))
        if Self.isEffect {
            var one: UInt32 = 1
            _ = AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4)
            _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &format, UInt32(MemoryLayout.size(ofValue: format)))
        }
        var render = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, frames, ioData in
            IAANodeApp.from(refCon).render(timeStamp, frames, ioData!)
        }, inputProcRefCon: refCon)
        _ = withUnsafePointer(to: &render) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }
        var midi = AudioOutputUnitMIDICallbacks(userData: refCon, MIDIEventProc: { refCon, status, data1, data2, offset in
            IAANodeApp.from(refCon).receive(status, data1, data2, offset)
        }, MIDISysExProc: { _, _, _ in })
        _ = withUnsafePointer(to: &midi) {
            AudioUnitSetProperty(unit, kAudioOutputUnitProperty_MIDICallbacks, kAudioUnitScope_Global, 0, $0, UInt32(MemoryLayout<AudioOutputUnitMIDICallbacks>.size))
        }
        _ = AudioUnitAddPropertyListener(unit, kAudioUnitProperty_IsInterAppConnected, { refCon, unit, _, _, _ in
            IAANodeApp.from(refCon).connectionChanged(unit)
        }, refCon)
        var published = component.description
        let version = makes("publishes-wrong-version") ? component.version + 1 : component.version
        let status = AudioOutputUnitPublish(&published, component.name as CFString, version, unit)
        log(status == noErr ? "published" : "error", status == noErr ? ["name": component.name] : ["call": "AudioOutputUnitPublish", "code": String(status)])
    }

    override public func perform(_ command: String) {
        guard let unit else { return }
        switch command {
        case "play":
            _ = AudioUnitInitialize(unit)
            let status = AudioOutputUnitStart(unit)
            startedByUser = startedByUser || status == noErr
            log(status == noErr ? "started" : "error", status == noErr ? ["reason": "user"] : ["call": "AudioOutputUnitStart", "code": String(status)])
        default:
            let event: AudioUnitRemoteControlEvent = command == "remote-play-pause" ? .togglePlayPause : command == "remote-record" ? .toggleRecord : .rewind
            var raw = event.rawValue
            let status = AudioUnitSetProperty(unit, kAudioOutputUnitProperty_RemoteControlToHost, kAudioUnitScope_Global, 0, &raw, 4)
            if status != noErr { log("error", ["call": "RemoteControlToHost", "code": String(status)]) }
        }
    }

    /// The system stopped the unit the user started: the node says so, as a player does, so its
    /// state (and its transport controls) do not claim it still plays.
    override public func interruptionBegan() {
        super.interruptionBegan()
        guard startedByUser else { return }
        startedByUser = false
        log("stopped", ["reason": "interruption-began"])
    }

    private func connectionChanged(_ unit: AudioUnit) {
        var connected: UInt32 = 0
        var size = UInt32(4)
        _ = AudioUnitGetProperty(unit, kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0, &connected, &size)
        guard connected == 1 else {
            voices = []
            return log("disconnected")
        }
        let status = AudioOutputUnitStart(unit)
        log("connected", ["start": String(status)])
        if let icon = AudioOutputUnitGetHostIcon(unit, 40) { log("host-icon", IAAHostApp.describe(icon)) }
    }

    // MARK: Render thread

    private func receive(_ status: UInt32, _ data1: UInt32, _ data2: UInt32, _ offset: UInt32) {
        switch status & 0xF0 {
        case 0x90: pending.append((offset, data1, data2))
        case 0x80: pending.append((offset, data1, 0))
        default: break
        }
    }

    private func render(_ timeStamp: UnsafePointer<AudioTimeStamp>, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        let left = buffers[0].mData!.assumingMemoryBound(to: Float.self)
        let right = buffers[1].mData!.assumingMemoryBound(to: Float.self)
        if Self.isEffect {
            guard let unit, AudioUnitRender(unit, nil, timeStamp, 1, frames, ioData) == noErr else { return -1 }
            for frame in 0..<Int(frames) {
                left[frame] *= 0.5
                right[frame] *= 0.5
            }
            return noErr
        }
        for event in pending {
            log(event.velocity > 0 ? "note-on" : "note-off",
                ["note": String(event.note), "sample-time": String(Int64(timeStamp.pointee.mSampleTime) + Int64(event.offset))])
        }
        for frame in 0..<Int(frames) {
            for event in pending where event.offset == UInt32(frame) {
                voices.removeAll { $0.note == event.note }
                guard event.velocity > 0 else { continue }
                voices.append((event.note, 440 * pow(2, (Double(event.note) - 69) / 12), Float(event.velocity) / 127 * 0.5, 0))
            }
            var sample: Float = 0
            for index in voices.indices {
                sample += voices[index].amplitude * Float(sin(2 * Double.pi * voices[index].frequency * voices[index].phase / sampleRate))
                voices[index].phase += 1
            }
            left[frame] = sample
            right[frame] = sample
        }
        pending.removeAll(keepingCapacity: true)
        return noErr
    }
}

/// `iaa-effect`: the node that returns its host's audio at half level.
public final class IAAEffectApp: IAANodeApp, @unchecked Sendable {
    override class var isEffect: Bool { true }
}
