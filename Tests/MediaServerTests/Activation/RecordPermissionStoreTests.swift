import Testing
@testable import MediaServer

/// Record permission: asked once per app, silence until granted, changeable in Settings
/// (2013 talk; AVAudioApplication.requestRecordPermission(completionHandler:), AVAudioSession.recordPermission, AVAudioSession raw values).
@Suite("Record permission store")
struct RecordPermissionStoreTests {
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
}
