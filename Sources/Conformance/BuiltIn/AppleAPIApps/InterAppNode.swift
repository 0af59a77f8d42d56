// An Inter-App Audio node app's audio code, written only against Apple's Audio Unit API: it
// makes a RemoteIO unit, publishes it as the component its Info.plist declares, starts when a
// host connects (even from the background) and stops when it disconnects. As an instrument it
// plays a sine per MIDI note from the host, starting on the frame the event's offset names; as
// an effect it passes the host's audio through at half level. It reads the host's beat and
// tempo each cycle and can send the host remote control events. It shows its host's icon. As an
// amp (a guitar amp simulator published as a generator) it keeps its RemoteIO's microphone while
// connected: it activates a mixable play-and-record session when the host connects it, reads the
// microphone in its input callback and plays it to the host. It notes the application state it
// launched in, and can switch to its host through the host's peer URL. The same file compiles on iOS.
import AVFAudio
import AudioToolbox
import UIKit
import Foundation

final class InterAppNode {
    enum Kind { case instrument, effect, generator(frequency: Double), amp }

    let kind: Kind
    private(set) var unit: AudioUnit?
    private(set) var publishStatus: OSStatus = 0
    private(set) var connectedChanges: [Bool] = []
    private(set) var startStatuses: [OSStatus] = []
    private(set) var transportChanges = 0
    /// Every MIDI event heard: (status, note, velocity, offset).
    private(set) var midi: [(UInt32, UInt32, UInt32, UInt32)] = []
    /// Beat and tempo the host reported in the last cycle.
    private(set) var lastBeat: Float64 = -1
    private(set) var lastTempo: Float64 = 0
    private(set) var hostPlaying = false
    private(set) var rendered = 0
    /// The connected host's icon at 40 points, for the node's transport controls.
    private(set) var hostIcon: UIImage?
    var sampleRate: Double = 48_000
    /// Notes sounding: (frequency, amplitude, phase in frames).
    private var voices: [(frequency: Double, amplitude: Float, phase: Double)] = []
    /// Events of this cycle not yet applied: (frame offset, note, velocity; 0 = off).
    private var pending: [(offset: UInt32, note: UInt32, velocity: UInt32)] = []
    private var hostCallbacks = HostCallbackInfo()
    /// The application state at launch: in the background when a host launched the app.
    private(set) var launchState: UIApplication.State?
    /// An amp's session: mixable, as nodes must be (false shows why).
    var mixesWithOthers = true
    /// The error code of the amp's session activation when a host connected it (0: active).
    private(set) var activationStatus: Int?
    /// The amp's microphone: the last input callback's samples, how many, and the callbacks so far.
    private let microphone = UnsafeMutablePointer<Float>.allocate(capacity: 4096)
    private var microphoneFrames = 0
    private(set) var inputCallbacks = 0
    /// Renders that found no input callback since the previous one (once input has started).
    private(set) var rendersWithoutFreshInput = 0
    private var inputCallbacksAtLastRender = 0

    init(kind: Kind) { self.kind = kind }

    deinit { microphone.deallocate() }

    var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    static func from(_ refCon: UnsafeMutableRawPointer?) -> InterAppNode { Unmanaged.fromOpaque(refCon!).takeUnretainedValue() }

    /// Creates and publishes the output unit: what a node does at every launch.
    func launch(type: OSType, subType: OSType, manufacturer: OSType, name: String, version: UInt32, sampleRate: Double) {
        self.sampleRate = sampleRate
        // From the home screen the app is in the foreground; launched by a host, in the background,
        // where it may publish but not start on its own.
        launchState = UIApplication.shared.applicationState
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        guard let component = AudioComponentFindNext(nil, &description) else { return }
        var instance: AudioComponentInstance?
        guard AudioComponentInstanceNew(component, &instance) == noErr, let unit = instance else { return }
        self.unit = unit
        var format = AudioStreamBasicDescription(mSampleRate: sampleRate, mFormatID: kAudioFormatLinearPCM,
                                                 mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                                 mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                                 mBitsPerChannel: 32, mReserved: 0)
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, UInt32(MemoryLayout.size(ofValue: format)))
        switch kind {
        case .effect:
            var one: UInt32 = 1
            _ = AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4)
            _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &format, UInt32(MemoryLayout.size(ofValue: format)))
        case .amp:
            // The input bus stays enabled: mono float from the microphone, read in the input callback.
            var one: UInt32 = 1
            _ = AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4)
            var mono = format
            mono.mChannelsPerFrame = 1
            _ = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &mono, UInt32(MemoryLayout.size(ofValue: mono)))
            var input = AURenderCallbackStruct(inputProc: { refCon, flags, timeStamp, _, frames, _ in
                InterAppNode.from(refCon).readMicrophone(flags, timeStamp, frames)
            }, inputProcRefCon: refCon)
            _ = withUnsafePointer(to: &input) {
                AudioUnitSetProperty(unit, kAudioOutputUnitProperty_SetInputCallback, kAudioUnitScope_Global, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            }
        case .instrument, .generator: break
        }
        var render = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, frames, ioData in
            InterAppNode.from(refCon).render(timeStamp, frames, ioData!)
        }, inputProcRefCon: refCon)
        _ = withUnsafePointer(to: &render) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }
        var midiCallbacks = AudioOutputUnitMIDICallbacks(userData: refCon, MIDIEventProc: { refCon, status, data1, data2, offset in
            InterAppNode.from(refCon).receive(status, data1, data2, offset)
        }, MIDISysExProc: nil)
        _ = withUnsafePointer(to: &midiCallbacks) {
            AudioUnitSetProperty(unit, kAudioOutputUnitProperty_MIDICallbacks, kAudioUnitScope_Global, 0, $0,
                                 UInt32(MemoryLayout<AudioOutputUnitMIDICallbacks>.size))
        }
        _ = AudioUnitAddPropertyListener(unit, kAudioUnitProperty_IsInterAppConnected, { refCon, unit, _, _, _ in
            InterAppNode.from(refCon).connectionChanged(unit)
        }, refCon)
        _ = AudioUnitAddPropertyListener(unit, kAudioOutputUnitProperty_HostTransportState, { refCon, _, _, _, _ in
            InterAppNode.from(refCon).transportChanges += 1
        }, refCon)
        var published = AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: manufacturer,
                                                  componentFlags: 0, componentFlagsMask: 0)
        publishStatus = AudioOutputUnitPublish(&published, name as CFString, version, unit)
    }

    /// Tries to start the unit (the app's play button): from the background without a host the
    /// system denies it.
    func start() {
        guard let unit else { return }
        _ = AudioUnitInitialize(unit)
        startStatuses.append(AudioOutputUnitStart(unit))
    }

    var isConnected: Bool {
        guard let unit else { return false }
        var connected: UInt32 = 0
        var size = UInt32(4)
        guard AudioUnitGetProperty(unit, kAudioUnitProperty_IsInterAppConnected, kAudioUnitScope_Global, 0, &connected, &size) == noErr else { return false }
        return connected == 1
    }

    /// Asks the host to toggle play/pause, record or rewind.
    func sendToHost(_ event: AudioUnitRemoteControlEvent) -> OSStatus {
        var raw = event.rawValue
        return AudioUnitSetProperty(unit!, kAudioOutputUnitProperty_RemoteControlToHost, kAudioUnitScope_Global, 0, &raw, 4)
    }

    var hostReceivesRemoteControlEvents: Bool {
        var value: UInt32 = 0
        var size = UInt32(4)
        _ = AudioUnitGetProperty(unit!, kAudioOutputUnitProperty_HostReceivesRemoteControlEvents, kAudioUnitScope_Global, 0, &value, &size)
        return value == 1
    }

    /// Brings the connected host to the foreground through its peer URL (its icon tapped).
    func switchToHost() -> Bool {
        var url: Unmanaged<CFURL>?
        var size = UInt32(MemoryLayout<Unmanaged<CFURL>?>.size)
        guard let unit, AudioUnitGetProperty(unit, kAudioUnitProperty_PeerURL, kAudioUnitScope_Global, 0, &url, &size) == noErr,
              let peer = url?.takeRetainedValue() as URL? else { return false }
        UIApplication.shared.open(peer)
        return true
    }

    var publishedDescription: AudioComponentDescription? {
        var description = AudioComponentDescription()
        var size = UInt32(MemoryLayout<AudioComponentDescription>.size)
        guard AudioUnitGetProperty(unit!, kAudioOutputUnitProperty_NodeComponentDescription, kAudioUnitScope_Global, 0, &description, &size) == noErr else { return nil }
        return description
    }

    private func connectionChanged(_ unit: AudioUnit) {
        let connected = isConnected
        connectedChanges.append(connected)
        if connected {
            // The host's callbacks, fetched once per connection; called from the render thread.
            var size = UInt32(MemoryLayout<HostCallbackInfo>.size)
            if AudioUnitGetProperty(unit, kAudioUnitProperty_HostCallbacks, kAudioUnitScope_Global, 0, &hostCallbacks, &size) != noErr {
                hostCallbacks = HostCallbackInfo()
            }
            hostIcon = AudioOutputUnitGetHostIcon(unit, 40)
            if case .amp = kind { activateSession() }
            start()
        } else {
            voices = []
            // A node that used the microphone lets its session go when the host disconnects.
            if case .amp = kind { try? AVAudioSession.sharedInstance().setActive(false) }
        }
    }

    /// The amp is about to use the microphone: a play-and-record session, mixable so that it
    /// can go active from the background without interrupting the host, and to the speaker
    /// rather than the receiver.
    private func activateSession() {
        let session = AVAudioSession.sharedInstance()
        do {
            try session.setCategory(.playAndRecord, options: mixesWithOthers ? [.mixWithOthers, .defaultToSpeaker] : [.defaultToSpeaker])
            try session.setActive(true)
            activationStatus = 0
        } catch {
            activationStatus = (error as NSError).code
        }
    }

    // MARK: Render thread

    /// The amp's input callback: this cycle's microphone, before the host pulls the output.
    private func readMicrophone(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                                _ frames: UInt32) -> OSStatus {
        var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: frames * 4, mData: microphone))
        let status = AudioUnitRender(unit!, flags, timeStamp, 1, frames, &list)
        microphoneFrames = status == noErr ? Int(frames) : 0
        inputCallbacks += 1
        return status
    }

    private func receive(_ status: UInt32, _ data1: UInt32, _ data2: UInt32, _ offset: UInt32) {
        midi.append((status, data1, data2, offset))
        switch status & 0xF0 {
        case 0x90: pending.append((offset, data1, data2))
        case 0x80: pending.append((offset, data1, 0))
        default: break
        }
    }

    private func render(_ timeStamp: UnsafePointer<AudioTimeStamp>, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        rendered += Int(frames)
        if let proc = hostCallbacks.beatAndTempoProc {
            var beat: Float64 = 0, tempo: Float64 = 0
            if proc(hostCallbacks.hostUserData, &beat, &tempo) == noErr { (lastBeat, lastTempo) = (beat, tempo) }
        }
        if let proc = hostCallbacks.transportStateProc2 {
            var playing: DarwinBoolean = false
            if proc(hostCallbacks.hostUserData, &playing, nil, nil, nil, nil, nil, nil) == noErr { hostPlaying = playing.boolValue }
        }
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        let left = buffers[0].mData!.assumingMemoryBound(to: Float.self)
        let right = buffers[1].mData!.assumingMemoryBound(to: Float.self)
        switch kind {
        case .effect:
            guard AudioUnitRender(unit!, nil, timeStamp, 1, frames, ioData) == noErr else { return -1 }
            for frame in 0..<Int(frames) {
                left[frame] *= 0.5
                right[frame] *= 0.5
            }
            return noErr
        case let .generator(frequency):
            if voices.isEmpty { voices = [(frequency, 0.25, 0)] }
        case .amp:
            if inputCallbacks > 0 && inputCallbacks == inputCallbacksAtLastRender { rendersWithoutFreshInput += 1 }
            inputCallbacksAtLastRender = inputCallbacks
            for frame in 0..<Int(frames) {
                let sample = frame < microphoneFrames ? microphone[frame] : 0
                left[frame] = sample
                right[frame] = sample
            }
            return noErr
        case .instrument: break
        }
        for frame in 0..<Int(frames) {
            for event in pending where event.offset == UInt32(frame) {
                let frequency = 440 * pow(2, (Double(event.note) - 69) / 12)
                voices.removeAll { abs($0.frequency - frequency) < 0.01 }
                if event.velocity > 0 { voices.append((frequency, Float(event.velocity) / 127 * 0.5, 0)) }
            }
            var sample: Float = 0
            for index in voices.indices {
                sample += voices[index].amplitude * Float(sin(2 * Double.pi * voices[index].frequency * voices[index].phase / sampleRate))
                voices[index].phase += 1
            }
            left[frame] = sample
            right[frame] = sample
        }
        pending.removeAll()
        return noErr
    }
}
