import Foundation
import AVFAudio
import AudioToolbox

/// A DJ app: the multiRoute category, the cue (what the DJ previews) on the headphones and the
/// house mix on a USB interface or HDMI, as the 2012 multiroute advice describes it: one RemoteIO
/// unit rendering four channels — cue left/right, house left/right — and a
/// `kAudioOutputUnitProperty_ChannelMap` that sends each hardware output channel of the route
/// (the route's output ports' channels, in route order) the client channel it should play, or
/// silence (−1).
///
/// The cue is the app's tone (2,000 Hz by default), the house mix `houseTone` (500 Hz), both at
/// −12 dBFS. On every route change while playing it rebuilds the map for the new route and logs
/// `routing` with the port types carrying cue and house (`none` when a side has no port).
public final class DJApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .multiRoute }
    override public class var defaultTone: Int? { 2_000 }
    /// The house mix's tone.
    public static let houseTone = 500
    /// The client channels: cue left/right, house left/right.
    static let cueChannels: [Int32] = [0, 1]
    static let houseChannels: [Int32] = [2, 3]

    private var unit: AudioUnit?
    private var decks: DJDecks?

    deinit { disposeUnit() }

    override public func perform(_ command: String) {
        switch command {
        case "play":
            play(because: "user")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func routeChanged(reason: AVAudioSession.RouteChangeReason) {
        if isPlaying { applyChannelMap() }
    }

    // MARK: Sound: one RemoteIO unit with a channel map

    /// Makes the unit: four deinterleaved float channels at the hardware rate, the decks' render
    /// callback. Called at launch and again after a media-services reset.
    override public func makeSound() {
        disposeUnit()
        let rate = session.sampleRate > 0 ? session.sampleRate : 48_000
        let decks = DJDecks(cue: Double(configuration.tone ?? Self.defaultTone ?? 2_000), house: Double(Self.houseTone), rate: rate)
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioComponentInstance?
        guard let component = AudioComponentFindNext(nil, &description),
              check("AudioComponentInstanceNew", AudioComponentInstanceNew(component, &instance)), let unit = instance else { return }
        self.unit = unit
        self.decks = decks
        var format = AudioStreamBasicDescription(
            mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: UInt32(DJDecks.channelCount),
            mBitsPerChannel: 32, mReserved: 0)
        var callback = AURenderCallbackStruct(inputProc: djRenderCallback, inputProcRefCon: Unmanaged.passUnretained(decks).toOpaque())
        _ = check("StreamFormat", AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0,
                                                       &format, UInt32(MemoryLayout<AudioStreamBasicDescription>.size)))
        _ = check("SetRenderCallback", AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0,
                                                            &callback, UInt32(MemoryLayout<AURenderCallbackStruct>.size)))
        _ = check("AudioUnitInitialize", AudioUnitInitialize(unit))
    }

    override public func startSound() -> Bool {
        guard let unit else { return true }
        applyChannelMap()
        return AudioOutputUnitStart(unit) == 0
    }

    override public func stopSound() {
        if let unit { _ = AudioOutputUnitStop(unit) }
    }

    private func disposeUnit() {
        guard let unit else { return }
        _ = AudioOutputUnitStop(unit)
        _ = AudioComponentInstanceDispose(unit)
        self.unit = nil
    }

    /// For every hardware output channel of the route: the cue port's first two channels play the
    /// cue, the house port's first two the house mix, every other channel is silent.
    private func applyChannelMap() {
        let outputs = session.currentRoute.outputs
        let cue = outputs.first { $0.portType == .headphones }
        let house = outputs.first { $0.portType == .usbAudio || $0.portType == .HDMI } ?? outputs.first { $0 !== cue }
        var map: [Int32] = []
        for port in outputs {
            let source = port === cue ? Self.cueChannels : port === house ? Self.houseChannels : []
            for channel in 0..<max(1, port.channels?.count ?? 0) { map.append(channel < source.count ? source[channel] : -1) }
        }
        if let unit {
            _ = check("ChannelMap", AudioUnitSetProperty(unit, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0,
                                                         map, UInt32(map.count * MemoryLayout<Int32>.size)))
        }
        log("routing", ["cue": cue?.portType.rawValue ?? "none", "house": house?.portType.rawValue ?? "none"])
    }

    /// Logs a failed Audio Unit call as `error` with its OSStatus.
    private func check(_ call: String, _ status: OSStatus) -> Bool {
        if status != 0 { log("error", ["call": call, "code": String(status)]) }
        return status == 0
    }
}

/// The DJ's two decks as the render callback sees them: a cue sine and a house sine, each on two
/// client channels. Render state only; no allocation.
final class DJDecks {
    static let channelCount = 4
    private let cueStep: Double
    private let houseStep: Double
    private var cuePhase = 0.0
    private var housePhase = 0.0

    init(cue: Double, house: Double, rate: Double) {
        cueStep = cue / rate
        houseStep = house / rate
    }

    func render(_ frames: Int, into list: UnsafeMutablePointer<AudioBufferList>) {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        guard buffers.count >= Self.channelCount else { return }
        for frame in 0..<frames {
            let cue = Float(0.25 * sin(2 * Double.pi * cuePhase))
            let house = Float(0.25 * sin(2 * Double.pi * housePhase))
            for channel in 0..<Self.channelCount {
                buffers[channel].mData?.assumingMemoryBound(to: Float.self)[frame] = channel < 2 ? cue : house
            }
            cuePhase += cueStep
            housePhase += houseStep
            if cuePhase >= 1 { cuePhase -= 1 }
            if housePhase >= 1 { housePhase -= 1 }
        }
    }
}

private func djRenderCallback(_ refCon: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                              _ timeStamp: UnsafePointer<AudioTimeStamp>, _ bus: UInt32, _ frames: UInt32,
                              _ list: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
    guard let list else { return 0 }
    Unmanaged<DJDecks>.fromOpaque(refCon).takeUnretainedValue().render(Int(frames), into: list)
    return 0
}
