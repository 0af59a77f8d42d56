import Testing
@testable import SimCore

@Suite("Canonical trace")
struct TraceTests {
    @Test("lines put t and kind first, then fields sorted by key")
    func lineShape() {
        let event = TraceEvent(time: HostTime(nanoseconds: 1_500_000_000), kind: "accessory.attached",
                               fields: ["uid": "Wired Headphones", "connector": "headphone-jack", "ports": ["Headphones"]])
        #expect(event.canonicalLine ==
            #"{"t":1500000000,"kind":"accessory.attached","connector":"headphone-jack","ports":["Headphones"],"uid":"Wired Headphones"}"#)
    }

    @Test("strings are escaped minimally and exactly")
    func escaping() {
        #expect(CanonicalJSON.encode(.string("a\"b\\c\nd\u{01}é’")) == #""a\"b\\c\nd\u0001é’""#)
        #expect(CanonicalJSON.encode(["z": 1, "a": [true, .null], "m": ["y": -2, "b": "x"]]) ==
            #"{"a":[true,null],"m":{"b":"x","y":-2},"z":1}"#)
    }

    @Test("the header carries the format and the seed; the hash fingerprints the bytes")
    func headerAndHash() {
        var trace = Trace(seed: 18_446_744_073_709_551_615, header: ["profile": "iphone"])
        trace.record("switch.ringer", at: HostTime(nanoseconds: 5), ["silent": true])
        let lines = trace.jsonLines.split(separator: "\n")
        #expect(lines.first == #"{"format":"soundcheck-trace/1","profile":"iphone","seed":"18446744073709551615"}"#)
        #expect(lines.count == 2)
        #expect(trace.contentHash.count == 64)
        var same = Trace(seed: 18_446_744_073_709_551_615, header: ["profile": "iphone"])
        same.record("switch.ringer", at: HostTime(nanoseconds: 5), ["silent": true])
        #expect(same.contentHash == trace.contentHash)
        same.record("switch.ringer", at: HostTime(nanoseconds: 6), ["silent": false])
        #expect(same.contentHash != trace.contentHash)
    }

    @Test("SHA-256 of an empty-event trace matches an independent computation")
    func knownHash() {
        // sha256 of the bytes {"format":"soundcheck-trace/1","seed":"0"}\n, computed with sha256sum.
        #expect(Trace(seed: 0).contentHash == knownEmptyTraceHash)
    }
}

private let knownEmptyTraceHash = "cb74c40e29d53865f56bfd83c0ff874437609d525c5fa3ab925ad491de9bf57f"
