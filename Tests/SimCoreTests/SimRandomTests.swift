import Testing
@testable import SimCore

@Suite("Seeded random streams")
struct SimRandomTests {
    @Test("SplitMix64 matches the reference sequence")
    func splitMixReference() {
        // Published test vector: seed 1234567.
        var mixer = SplitMix64(state: 1_234_567)
        #expect([mixer.next(), mixer.next(), mixer.next()] ==
            [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test("the same seed gives the same stream; forks are stable and independent")
    func reproducible() {
        var a = SimRandom(seed: 42), b = SimRandom(seed: 42)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        var devices1 = SimRandom(seed: 42).fork("devices"), devices2 = SimRandom(seed: 42).fork("devices")
        var policy = SimRandom(seed: 42).fork("policy")
        let d1 = (0..<10).map { _ in devices1.next() }
        #expect(d1 == (0..<10).map { _ in devices2.next() })
        #expect(d1 != (0..<10).map { _ in policy.next() })
    }

    @Test("the stream for a given seed never changes (golden values)")
    func golden() {
        var random = SimRandom(seed: 7)
        #expect(random.next() == goldenFirstDraw)
    }

    @Test("bounded integers stay in range and cover it")
    func bounded() {
        var random = SimRandom(seed: 1)
        var seen = Set<UInt64>()
        for _ in 0..<10_000 {
            let value = random.uniform(below: 6)
            #expect(value < 6)
            seen.insert(value)
        }
        #expect(seen.count == 6)
        for _ in 0..<1_000 { #expect((-3...3).contains(random.integer(in: -3...3))) }
        #expect(random.integer(in: 5...5) == 5)
    }

    @Test("chances are decided in integers and land near their ratio")
    func chances() {
        var random = SimRandom(seed: 3)
        let hits = (0..<100_000).filter { _ in random.chance(1, in: 4) }.count
        #expect((24_000...26_000).contains(hits))
        #expect(!(0..<100).contains { _ in random.chance(0, in: 10) })
        #expect((0..<100).allSatisfy { _ in random.chance(10, in: 10) })
    }

    @Test("shuffle is a permutation that depends only on the seed")
    func shuffle() {
        var a = Array(0..<20), b = Array(0..<20)
        var r1 = SimRandom(seed: 9), r2 = SimRandom(seed: 9)
        r1.shuffle(&a)
        r2.shuffle(&b)
        #expect(a == b)
        #expect(a.sorted() == Array(0..<20))
        #expect(a != Array(0..<20))
    }
}

/// xoshiro256** seeded by SplitMix64(7), computed independently in Python; a change here means
/// every seeded scenario changed.
private let goldenFirstDraw: UInt64 = 12_923_355_070_828_475_994
