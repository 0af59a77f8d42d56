import Foundation
import Glibc

/// The sender's two UDP ports and the thread serving them: answers the receiver's timing
/// requests (timing port) and its resend requests (control port) from the last packets sent.
/// Both are bound to the address the RTSP connection goes out from, and datagrams from any host
/// but the receiver are dropped, so no one else can make the sender answer or resend.
final class RAOPService: @unchecked Sendable {
    let control: UDPSocket
    let timing: UDPSocket
    /// The receiver's IPv4 address (network order): the only source answered.
    private let receiver: in_addr_t
    /// Where resent packets go (the receiver's control port), once SETUP told us.
    var controlTarget: sockaddr_in? {
        get { lock.withLock { target } }
        set { lock.withLock { target = newValue } }
    }

    /// How many recent packets are kept for resending.
    static let kept = 512

    private let lock = NSLock()
    private var target: sockaddr_in?
    private var recent: [(sequence: UInt16, packet: [UInt8])?] = Array(repeating: nil, count: kept)
    private var stopping = false
    private var answered = false
    private var error: RAOPError?
    private let finished = DispatchGroup()

    init(local: sockaddr_in, receiver: sockaddr_in) throws(RAOPError) {
        control = try UDPSocket(on: local, step: "bind")
        timing = try UDPSocket(on: local, step: "bind")
        self.receiver = receiver.sin_addr.s_addr
    }

    var hasAnsweredTiming: Bool { lock.withLock { answered } }
    var failure: RAOPError? { lock.withLock { error } }

    func start() {
        for servesTiming in [true, false] {
            finished.enter()
            Thread.detachNewThread { [self] in
                let socket = servesTiming ? timing : control
                while !lock.withLock({ stopping }) {
                    guard let (bytes, from) = socket.receive(), from.sin_addr.s_addr == receiver else { continue }
                    if servesTiming { answerTiming(bytes, from: from) } else { answerResend(bytes, from: from) }
                }
                finished.leave()
            }
        }
    }

    /// Stops both threads (within one receive timeout) and waits for them.
    func stop() {
        lock.withLock { stopping = true }
        finished.wait()
    }

    func keep(_ packet: [UInt8], sequence: UInt16) {
        lock.withLock { recent[Int(sequence) % Self.kept] = (sequence, packet) }
    }

    private func answerTiming(_ request: [UInt8], from: sockaddr_in) {
        guard let reply = RAOPPackets.timingReply(to: request, received: NTPTime.now()) else { return }
        if timing.send(reply, to: from) {
            lock.withLock { answered = true }
        } else {
            lock.withLock { error = error ?? RAOPError(step: "send", "the timing reply could not be sent: \(errnoText())") }
        }
    }

    private func answerResend(_ request: [UInt8], from: sockaddr_in) {
        guard let (first, count) = RAOPPackets.resendRequest(request), let target = controlTarget else { return }
        for offset in 0..<min(count, UInt16(Self.kept)) {
            let sequence = first &+ offset
            let kept = lock.withLock { recent[Int(sequence) % Self.kept] }
            if let kept, kept.sequence == sequence { control.send(RAOPPackets.resend(kept.packet), to: target) }
        }
    }
}
