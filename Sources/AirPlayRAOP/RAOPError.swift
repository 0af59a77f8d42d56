/// What went wrong talking to an AirPlay 1 receiver: the RTSP step (or socket step) it happened
/// in, and the receiver's status when it answered with one.
public struct RAOPError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The RTSP method (`OPTIONS`, `ANNOUNCE`, `SETUP`, `RECORD`, `SET_PARAMETER`, `FLUSH`,
    /// `TEARDOWN`) or the socket step (`connect`, `bind`, `send`).
    public let step: String
    /// The RTSP status code the receiver answered with, if it answered.
    public let status: Int?
    public let message: String

    public init(step: String, status: Int? = nil, _ message: String) {
        self.step = step
        self.status = status
        self.message = message
    }

    public var description: String {
        "AirPlay \(step) failed" + (status.map { " with RTSP status \($0)" } ?? "") + ": \(message)"
    }
}
