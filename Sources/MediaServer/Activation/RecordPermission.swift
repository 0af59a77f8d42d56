/// `AVAudioSession.RecordPermission` / `AVAudioApplication.recordPermission`, with Apple's
/// FourCC raw values (AVAudioSession enumerations, AVAudioSession.h raw values).
public enum RecordPermission: UInt, CaseIterable, Hashable, Sendable {
    case undetermined = 1_970_168_948 // 'undt'
    case denied = 1_684_369_017 // 'deny'
    case granted = 1_735_552_628 // 'grnt'

    public var name: String { "\(self)" }
}
