import Foundation
import Glibc

/// The RTSP control connection to a receiver: one TCP socket, requests numbered by `CSeq`, each
/// answered before the next is sent. Every failure names the RTSP method it happened in.
final class RTSPConnection {
    private let descriptor: Int32
    private var sequence = 0
    private var pending: [UInt8] = []
    /// The receiver's and our own IPv4 address on this connection (the SDP names both; our UDP
    /// ports are bound to ours, so they are reachable only where the receiver reached us).
    let remote: sockaddr_in
    let local: sockaddr_in
    let localAddress: String
    let userAgent = "Soundcheck/1.0"
    let clientInstance: String

    /// Connects within `timeout` seconds; replies must come within it too.
    init(to address: sockaddr_in, timeout: Int = 5) throws(RAOPError) {
        remote = address
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        guard descriptor >= 0 else { throw RAOPError(step: "connect", "cannot create a TCP socket: \(errnoText())") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var target = address
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = errnoText()
            Glibc.close(descriptor)
            throw RAOPError(step: "connect", "cannot reach the receiver at \(dottedQuad(address)):\(UInt16(bigEndian: address.sin_port)): \(reason)")
        }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.local = local
        localAddress = dottedQuad(local)
        clientInstance = String(UInt64.random(in: 1...UInt64.max), radix: 16, uppercase: true)
    }

    deinit { Glibc.close(descriptor) }

    /// Whether the receiver has closed the connection, as one that exits or restarts does. Between
    /// requests nothing arrives on it, so a peek that does not wait tells: one system call.
    var peerHasClosed: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// Sends `method` and returns the receiver's answer; a status other than 200 is an error
    /// naming the method.
    @discardableResult
    func request(_ method: String, uri: String, headers: [(String, String)] = [], body: String = "",
                 contentType: String? = nil) throws(RAOPError) -> RTSPResponse {
        sequence += 1
        var text = "\(method) \(uri) RTSP/1.0\r\nCSeq: \(sequence)\r\nUser-Agent: \(userAgent)\r\n"
            + "DACP-ID: \(clientInstance)\r\nClient-Instance: \(clientInstance)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let contentType { text += "Content-Type: \(contentType)\r\n" }
        if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        try write(Array(text.utf8), step: method)
        let response = try readResponse(step: method)
        guard response.status == 200 else {
            throw RAOPError(step: method, status: response.status, "the receiver answered \(response.status) \(response.reason)"
                            + Self.explanation(method: method, status: response.status))
        }
        return response
    }

    /// What shairport-sync and other RAOP receivers mean by the statuses they refuse with.
    private static func explanation(method: String, status: Int) -> String {
        switch status {
        case 453: " (another sender is already playing to it)"
        case 451: " (it did not accept the SETUP parameters)"
        case 456: " (it does not play this stream format)"
        case 401, 403: " (it needs a password, which this sender does not send)"
        default: ""
        }
    }

    private func write(_ bytes: [UInt8], step: String) throws(RAOPError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RAOPError(step: step, "the connection to the receiver closed while sending: \(errnoText())") }
            offset += sent
        }
    }

    private func readResponse(step: String) throws(RAOPError) -> RTSPResponse {
        while true {
            if let response = try RTSPResponse.take(from: &pending, step: step) { return response }
            try receiveMore(step: step)
        }
    }

    private func receiveMore(step: String) throws(RAOPError) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno == ECONNRESET) {
            throw RAOPError(step: step, "the receiver closed the connection without answering")
        }
        if count < 0 {
            let timedOut = errno == EAGAIN || errno == EWOULDBLOCK
            throw RAOPError(step: step, timedOut ? "the receiver did not answer in time" : "reading the answer failed: \(errnoText())")
        }
        pending += buffer.prefix(count)
    }
}
