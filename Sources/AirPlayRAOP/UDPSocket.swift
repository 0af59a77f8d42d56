import Glibc

/// A UDP socket bound to an ephemeral port on one IPv4 address (the one the RTSP connection to
/// the receiver uses: 127.0.0.1 for a receiver on this machine), sending to one receiver port.
final class UDPSocket: @unchecked Sendable {
    let descriptor: Int32
    let localPort: UInt16

    init(on local: sockaddr_in, step: String) throws(RAOPError) {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        self.descriptor = descriptor
        guard descriptor >= 0 else { throw RAOPError(step: step, "cannot create a UDP socket: \(errnoText())") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = local.sin_addr
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            Glibc.close(descriptor)
            throw RAOPError(step: step, "cannot bind a UDP socket on \(dottedQuad(local)): \(errnoText())")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        localPort = UInt16(bigEndian: address.sin_port)
        // Receives wake up every 100 ms so the thread reading them notices when to stop.
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// Sends `bytes` to `address` (IPv4, port set). Returns false if the kernel refused.
    @discardableResult
    func send(_ bytes: [UInt8], to address: sockaddr_in) -> Bool {
        var target = address
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return sent == bytes.count
    }

    /// One datagram and where it came from, or nil after the receive timeout.
    func receive() -> (bytes: [UInt8], from: sockaddr_in)? {
        var buffer = [UInt8](repeating: 0, count: 2048)
        var from = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &from) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(descriptor, bytes.baseAddress, bytes.count, 0, $0, &length) }
            }
        }
        guard count > 0 else { return nil }
        return (Array(buffer.prefix(count)), from)
    }
}

func errnoText() -> String { String(cString: strerror(errno)) }

/// The IPv4 address of `host` (a dotted quad or a name) with `port`.
func resolveIPv4(_ host: String, port: UInt16, step: String) throws(RAOPError) -> sockaddr_in {
    var hints = addrinfo()
    hints.ai_family = AF_INET
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var result: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &result)
    guard status == 0, let first = result, let address = first.pointee.ai_addr else {
        throw RAOPError(step: step, "cannot resolve '\(host)': \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(result) }
    return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
}

func dottedQuad(_ address: sockaddr_in) -> String {
    var copy = address.sin_addr
    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    inet_ntop(AF_INET, &copy, &text, socklen_t(text.count))
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
