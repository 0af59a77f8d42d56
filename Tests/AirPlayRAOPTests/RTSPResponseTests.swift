import AirPlayRAOP
import Testing

/// Reading a receiver's RTSP answers from the bytes received so far: whatever a receiver (or
/// anything answering on its port) sends ends in a response, a wait for more, or an error naming
/// the step — never a crash or an unbounded wait. Cases the fuzz target (Fuzz/, fuzz-rtsp) keeps.
@Suite("RTSP responses")
struct RTSPResponseTests {
    static func take(_ text: String) throws(RAOPError) -> (RTSPResponse?, left: Int) {
        var pending = Array(text.utf8)
        let response = try RTSPResponse.take(from: &pending, step: "SETUP")
        return (response, pending.count)
    }

    @Test("a response is taken whole, with its headers and body, and the next one stays")
    func wholeResponse() throws {
        let (response, left) = try Self.take("RTSP/1.0 200 OK\r\nCSeq: 3\r\nSession: 1\r\nContent-Length: 4\r\n\r\nbodyRTSP/1.0 200 OK\r\n")
        #expect(response?.status == 200)
        #expect(response?.reason == "OK")
        #expect(response?.header("session") == "1")
        #expect(response?.body == "body")
        #expect(left == "RTSP/1.0 200 OK\r\n".utf8.count)
    }

    @Test("an answer cut short waits for more and consumes nothing")
    func incomplete() throws {
        for text in ["RTSP/1.0 200 OK\r\nCSeq: 3\r\n", "RTSP/1.0 200 OK\r\nContent-Length: 10\r\n\r\nshort"] {
            let (response, left) = try Self.take(text)
            #expect(response == nil)
            #expect(left == text.utf8.count)
        }
    }

    /// A negative Content-Length made the reader slice backwards (a crash) and a huge one made it
    /// wait for gigabytes; both are now refused, naming the step and the header.
    @Test("a Content-Length that is not a bounded count is an error naming it", arguments: ["-5", "99999999999", "ten", "70000"])
    func badContentLength(value: String) {
        #expect(throws: RAOPError.self) { try Self.take("RTSP/1.0 200 OK\r\nContent-Length: \(value)\r\n\r\n") }
        do { _ = try Self.take("RTSP/1.0 200 OK\r\nContent-Length: \(value)\r\n\r\n") } catch {
            #expect(error.step == "SETUP")
            #expect(error.message.contains("Content-Length '\(value)'"), "\(error)")
        }
    }

    @Test("headers that never end are refused once past the limit, not read forever")
    func endlessHeaders() {
        let text = "RTSP/1.0 200 OK\r\n" + String(repeating: "X-Filler: 0123456789\r\n", count: 1000)
        #expect(throws: RAOPError.self) { try Self.take(text) }
    }

    @Test("an answer that is not RTSP quotes its status line", arguments: ["HTTP/1.1 200 OK", "RTSP/1.0 OK", "RTSP/1.0 -200 OK", ""])
    func notRTSP(statusLine: String) {
        do {
            _ = try Self.take(statusLine + "\r\nCSeq: 1\r\n\r\n")
            Issue.record("'\(statusLine)' was taken as RTSP")
        } catch {
            #expect(error.message == "the receiver's answer is not RTSP: '\(statusLine)'")
        }
    }
}
