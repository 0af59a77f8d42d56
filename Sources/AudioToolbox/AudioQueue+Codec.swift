import MediaServer
import CoreAudioTypes

/// Choosing a compressed queue's codec at Prime or Start, by its hardware codec policy
/// (AudioQueue.h): Default and PreferHardware take the hardware decoder when the session
/// permits it and it is free, else software; UseHardwareOnly fails with
/// `kAudioQueueErr_InvalidCodecAccess` when it cannot have it; UseSoftwareOnly and
/// PreferSoftware decode in software (always available here). PCM queues need no codec.
extension AudioQueueObject {
    func chooseCodec() -> OSStatus {
        guard isCompressed, codec == .none, let binding else { return 0 }
        let codecs = HardwareCodec.of(binding.server)
        switch codecPolicy {
        case kAudioQueueHardwareCodecPolicy_UseSoftwareOnly, kAudioQueueHardwareCodecPolicy_PreferSoftware:
            useSoftware(codecs, binding)
        case kAudioQueueHardwareCodecPolicy_UseHardwareOnly:
            guard let token = acquire(codecs, binding) else { return kAudioQueueErr_InvalidCodecAccess }
            codec = .hardware(token: token)
        default:
            if let token = acquire(codecs, binding) { codec = .hardware(token: token) } else { useSoftware(codecs, binding) }
        }
        return 0
    }

    private func acquire(_ codecs: HardwareCodec, _ binding: AppBinding) -> Int? {
        codecs.acquire(for: binding.app, client: name) { [weak self] in self?.tearDown() }
    }

    private func useSoftware(_ codecs: HardwareCodec, _ binding: AppBinding) {
        codec = .software
        codecs.noteSoftware(for: binding.app, client: name)
    }

    /// `kAudioQueueProperty_HardwareCodecPolicy`: one of the five policies, only before the
    /// queue is primed or started.
    func setCodecPolicy(_ value: UInt32) -> OSStatus {
        guard !isPrimed, runState == .stopped else { return kAudioQueueErr_InvalidRunState }
        guard value <= kAudioQueueHardwareCodecPolicy_PreferHardware else { return kAudioQueueErr_InvalidPropertyValue }
        codecPolicy = value
        return 0
    }
}
