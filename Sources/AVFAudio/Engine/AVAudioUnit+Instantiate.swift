@_spi(Soundcheck) import AudioToolbox
import Foundation

extension AVAudioUnit {
    /// The node for the unit `audioComponentDescription` names, as the subclass Apple makes for it:
    /// an `AVAudioUnitEffect` for an effect (Apple's effects run their kernels, see
    /// `AVAudioUnitEffect(audioComponentDescription:)`), an `AVAudioUnitTimeEffect` for a format
    /// converter, an `AVAudioUnitSampler` or `AVAudioUnitMIDIInstrument` for a music device, an
    /// `AVAudioUnitGenerator` for a generator. A description no registered component matches
    /// throws `invalidComponentID` (−3000, MacErrors.h), as iOS does for an extension it cannot
    /// find; other types (output, mixer, panner units: the engine's own nodes) throw
    /// `kAudioComponentErr_UnsupportedType`. The options (out of process) change nothing here:
    /// every simulated unit runs in the app's process.
    public class func instantiate(with audioComponentDescription: AudioComponentDescription,
                                  options: AudioComponentInstantiationOptions = []) async throws -> AVAudioUnit {
        try make(audioComponentDescription)
    }

    /// The completion-handler form, called before it returns.
    public class func instantiate(with audioComponentDescription: AudioComponentDescription,
                                  options: AudioComponentInstantiationOptions = [],
                                  completionHandler: @escaping (AVAudioUnit?, Error?) -> Void) {
        do { completionHandler(try make(audioComponentDescription), nil) } catch { completionHandler(nil, error) }
    }

    static let invalidComponentID: OSStatus = -3000

    private static func make(_ description: AudioComponentDescription) throws -> AVAudioUnit {
        var wanted = description
        guard AudioComponentFindNext(nil, &wanted) != nil else {
            throw NSError(domain: NSOSStatusErrorDomain, code: Int(invalidComponentID),
                          userInfo: [NSLocalizedDescriptionKey: "no audio unit component matches \(FourCC.text(description.componentType))/\(FourCC.text(description.componentSubType))"])
        }
        switch description.componentType {
        case kAudioUnitType_Effect, kAudioUnitType_MusicEffect: return AVAudioUnitEffect(audioComponentDescription: description)
        case kAudioUnitType_FormatConverter: return AVAudioUnitTimeEffect(audioComponentDescription: description)
        case kAudioUnitType_MusicDevice:
            return description.componentSubType == kAudioUnitSubType_Sampler && description.componentManufacturer == kAudioUnitManufacturer_Apple
                ? AVAudioUnitSampler() : AVAudioUnitMIDIInstrument(audioComponentDescription: description)
        case kAudioUnitType_Generator: return AVAudioUnitGenerator(audioComponentDescription: description)
        default:
            throw NSError(domain: NSOSStatusErrorDomain, code: Int(kAudioComponentErr_UnsupportedType),
                          userInfo: [NSLocalizedDescriptionKey: "\(FourCC.text(description.componentType)) units are the engine's own nodes"])
        }
    }
}
