import Testing
@testable import MediaServer

/// Record permission: asked once per app, silence until granted, changeable in Settings
/// (2013 talk; AVAudioApplication.requestRecordPermission(completionHandler:), AVAudioSession.recordPermission, AVAudioSession raw values).
@Suite("Record permission store")
struct RecordPermissionStoreTests {
    @Test("SESSION-PERMISSION-RAW-VALUES: permissions carry Apple's FourCC raw values")
    func rawValues() {
        #expect(RecordPermission.undetermined.rawValue == 0x756E_6474) // 'undt'
        #expect(RecordPermission.denied.rawValue == 0x6465_6E79) // 'deny'
        #expect(RecordPermission.granted.rawValue == 0x6772_6E74) // 'grnt'
    }

    @Test("SESSION-PERMISSION-FLOW: the dialog waits for an answer, answers every waiting request, and is never shown again")
    func flow() {
        var store = RecordPermissionStore()
        #expect(store.permission(for: .recorder) == .undetermined)
        #expect(store.inputIsSilenced(.recorder))
        #expect(store.request(.recorder) == .pending)
        #expect(store.request(.recorder) == .pending)
        #expect(store.isAsking(.recorder))

        let callbacks = store.answer(.recorder, granted: true)
        #expect(callbacks == Array(repeating: .init(app: .recorder, granted: true), count: 2))
        #expect(store.permission(for: .recorder) == .granted)
        #expect(!store.inputIsSilenced(.recorder))
        #expect(store.request(.recorder) == .answered(granted: true))
        #expect(!store.isAsking(.recorder))
    }

    @Test("SESSION-PERMISSION-PER-APP: one app's answer does not decide another's")
    func perApp() {
        var store = RecordPermissionStore()
        _ = store.request(.recorder)
        _ = store.answer(.recorder, granted: false)
        #expect(store.permission(for: .recorder) == .denied)
        #expect(store.permission(for: .voip) == .undetermined)
        #expect(store.request(.recorder) == .answered(granted: false))
    }

    @Test("SESSION-PERMISSION-SETTINGS: the user can change the decision later in Settings")
    func settings() {
        var store = RecordPermissionStore()
        _ = store.request(.voip)
        _ = store.answer(.voip, granted: true)
        #expect(store.set(.voip, granted: false) == [])
        #expect(store.inputIsSilenced(.voip))
        #expect(store.request(.voip) == .answered(granted: false))
        _ = store.set(.voip, granted: true)
        #expect(store.permission(for: .voip) == .granted)
    }

    @Test("SESSION-PERMISSION-NO-DIALOG: answering when no dialog is showing changes nothing")
    func answerWithoutDialog() {
        var store = RecordPermissionStore()
        #expect(store.answer(.recorder, granted: true) == [])
        #expect(store.permission(for: .recorder) == .undetermined)
    }

    @Test("SESSION-PERMISSION-BEFORE-IOS7: before iOS 7 input needs no permission")
    func beforeIOS7() {
        var store = RecordPermissionStore(profile: .ios6)
        #expect(store.permission(for: .recorder) == .granted)
        #expect(store.request(.recorder) == .answered(granted: true))
        #expect(!store.inputIsSilenced(.recorder))
    }

    @Test("SESSION-PERMISSION-REQUIRED: from iOS 7 on, input needs the user's permission", arguments: [PlatformProfile.ios7, .ios8, .ios17])
    func requiredFromIOS7(profile: PlatformProfile) {
        var store = RecordPermissionStore(profile: profile)
        #expect(store.permission(for: .recorder) == .undetermined)
        #expect(store.request(.recorder) == .pending)
        #expect(store.inputIsSilenced(.recorder))
    }
}
