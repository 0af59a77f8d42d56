/// One RTSP/1.0 response: status, headers (names lower-cased) and body.
///
/// The bytes come from the network (any host the user names with `--to`), so reading them is
/// bounded: a head longer than `maximumHeadLength` or a body longer than `maximumBodyLength`, a
/// `Content-Length` that is not a count, or a status line that is not RTSP is an error naming the
/// RTSP step, never a wait for more bytes than a receiver ever sends or a crash.
public struct RTSPResponse: Sendable {
    public let status: Int
    public let reason: String
    public let headers: [String: String]
    public let body: String

    /// RAOP receivers answer in a few hundred bytes; the limits leave room for chatty ones.
    public static let maximumHeadLength = 16_384
    public static let maximumBodyLength = 65_536

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Takes one response from the front of `pending` (bytes received so far on the connection),
    /// or returns nil and leaves `pending` alone when the response is not complete yet.
    public static func take(from pending: inout [UInt8], step: String) throws(RAOPError) -> RTSPResponse? {
        guard let headEnd = endOfHead(pending) else {
            guard pending.count <= maximumHeadLength else {
                throw RAOPError(step: step, "the receiver's answer has no end of headers in its first \(maximumHeadLength) bytes")
            }
            return nil
        }
        var lines = lines(pending[..<headEnd])
        let statusLine = String(decoding: lines.removeFirst(), as: UTF8.self)
        let fields = statusLine.split(separator: " ", maxSplits: 2).map(String.init)
        guard fields.count >= 2, fields[0].hasPrefix("RTSP/"), let status = Int(fields[1]), (100...999).contains(status) else {
            throw RAOPError(step: step, "the receiver's answer is not RTSP: '\(statusLine.prefix(80))'")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            headers[name] = String(decoding: trimmed(line[(colon + 1)...]), as: UTF8.self)
        }
        let bodyLength = try Self.bodyLength(headers["content-length"], step: step)
        let bodyStart = headEnd + 4
        guard pending.count - bodyStart >= bodyLength else { return nil }
        let body = String(decoding: pending[bodyStart..<(bodyStart + bodyLength)], as: UTF8.self)
        pending.removeFirst(bodyStart + bodyLength)
        return RTSPResponse(status: status, reason: fields.count > 2 ? fields[2] : "", headers: headers, body: body)
    }

    /// Where the blank line (CR LF CR LF) after the headers starts, looking no further than the limit allows.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        let last = min(bytes.count - 4, maximumHeadLength)
        guard last >= 0 else { return nil }
        return (0...last).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }

    /// The lines of the head, split at CR LF.
    private static func lines(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            if head[index] == 13, index + 1 < head.endIndex, head[index + 1] == 10 {
                lines.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    /// A header value without the spaces and tabs around it.
    private static func trimmed(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 32 || $0 == 9 }
        guard let first = value.firstIndex(where: { !blank($0) }), let last = value.lastIndex(where: { !blank($0) }) else { return [] }
        return value[first...last]
    }

    /// A missing `Content-Length` means no body; a present one must be a count within the limit.
    private static func bodyLength(_ value: String?, step: String) throws(RAOPError) -> Int {
        guard let value else { return 0 }
        guard let length = Int(value), length >= 0, length <= maximumBodyLength else {
            throw RAOPError(step: step, "the receiver's answer has Content-Length '\(value.prefix(40))', not a count of at most \(maximumBodyLength) bytes")
        }
        return length
    }
}
