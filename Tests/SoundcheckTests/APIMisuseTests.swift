import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import Testing

/// Invalid API use returns Apple's documented error, with the rule in the message, and never
/// crashes the bench.
@Suite("API misuse gets the documented error")
struct APIMisuseTests {
    private func code(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            return (error as NSError).code
        }
    }





    @Test("the session outside any simulated app fails instead of crashing")
    func outsideApp() {
        let code = code { try AVAudioSession.sharedInstance().setActive(true) }
        #expect(code == AVAudioSession.ErrorCode.expiredSession.rawValue)
    }
}
