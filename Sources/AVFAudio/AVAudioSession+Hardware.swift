import Foundation
import MediaServer
import SimCore

/// Hardware values: the core keeps integer hertz and nanoseconds; Apple's API speaks `Double`
/// hertz and `TimeInterval` seconds, converted here and only here.
extension AVAudioSession {
    public var sampleRate: Double { read(0) { Double($0.hardware(for: $1).sampleRate) } }
    public var preferredSampleRate: Double { read(0) { Double($0.preferredSampleRate(for: $1) ?? 0) } }
    public var ioBufferDuration: TimeInterval { read(0) { Self.seconds($0.hardware(for: $1).ioBufferDuration) } }
    public var preferredIOBufferDuration: TimeInterval {
        read(0) { $0.preferredIOBufferDuration(for: $1).map(Self.seconds) ?? 0 }
    }
    public var inputNumberOfChannels: Int { read(0) { $0.hardware(for: $1).inputChannels } }
    public var outputNumberOfChannels: Int { read(0) { $0.hardware(for: $1).outputChannels } }
    public var maximumInputNumberOfChannels: Int { read(0) { $0.hardware(for: $1).maximumInputChannels } }
    public var maximumOutputNumberOfChannels: Int { read(0) { $0.hardware(for: $1).maximumOutputChannels } }
    public var preferredInputNumberOfChannels: Int { read(0) { $0.preferredChannels(for: $1, input: true) ?? 0 } }
    public var preferredOutputNumberOfChannels: Int { read(0) { $0.preferredChannels(for: $1, input: false) ?? 0 } }
    public var inputLatency: TimeInterval { read(0) { Self.seconds($0.hardware(for: $1).inputLatency) } }
    public var outputLatency: TimeInterval { read(0) { Self.seconds($0.hardware(for: $1).outputLatency) } }
    public var inputGain: Float { read(0) { Float($0.inputGain(for: $1)) } }
    public var isInputGainSettable: Bool { read(false) { $0.configuration(of: $1).category.allowsInput } }

    public func setPreferredSampleRate(_ sampleRate: Double) throws {
        guard sampleRate.isFinite, sampleRate >= 0, sampleRate <= 1_000_000 else {
            throw Self.error(.badParam, "the preferred sample rate must be between 0 and 1 MHz, not \(sampleRate)")
        }
        // 0 is what the getter reads without a preference: setting it clears the preference.
        let hertz = sampleRate == 0 ? nil : Int(sampleRate.rounded())
        try call { server, app throws(SessionError) in try server.setPreferredSampleRate(app, hertz) }
    }

    public func setPreferredIOBufferDuration(_ duration: TimeInterval) throws {
        guard duration.isFinite, duration >= 0, duration <= 10 else {
            throw Self.error(.badParam, "the preferred IO buffer duration must be between 0 and 10 s, not \(duration)")
        }
        let nanoseconds = duration == 0 ? nil : HostDuration(nanoseconds: Int64((duration * 1e9).rounded()))
        try call { server, app throws(SessionError) in try server.setPreferredIOBufferDuration(app, nanoseconds) }
    }

    public func setPreferredInputNumberOfChannels(_ count: Int) throws {
        try call { server, app throws(SessionError) in try server.setPreferredChannels(app, count, input: true) }
    }

    public func setPreferredOutputNumberOfChannels(_ count: Int) throws {
        try call { server, app throws(SessionError) in try server.setPreferredChannels(app, count, input: false) }
    }

    public func setInputGain(_ gain: Float) throws {
        try call { server, app throws(SessionError) in try server.setInputGain(app, Double(gain)) }
    }

    static func seconds(_ duration: HostDuration) -> TimeInterval { Double(duration.nanoseconds) / 1e9 }
}
