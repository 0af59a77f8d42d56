import CoreMedia
import Testing

@Suite("Core Media: CMTime arithmetic")
struct CMTimeTests {
    @Test("Sums at different timescales are exact at their least common multiple")
    func addAtLCM() {
        let sum = CMTimeAdd(CMTime(value: 1, timescale: 3), CMTime(value: 1, timescale: 4))
        #expect(sum.value == 7 && sum.timescale == 12 && !sum.hasBeenRounded)
        #expect(CMTime(value: 1, timescale: 2) == CMTime(value: 2, timescale: 4))
        #expect(CMTimeSubtract(CMTime(value: 44_100, timescale: 44_100), CMTime(value: 1, timescale: 2)).seconds == 0.5)
    }

    @Test("Conversion rounds by the method asked for and marks the result rounded")
    func convertScale() {
        let third = CMTime(value: 1, timescale: 3)
        #expect(third.convertScale(10, method: .roundHalfAwayFromZero).value == 3)
        #expect(third.convertScale(10, method: .roundAwayFromZero).value == 4)
        #expect(CMTime(value: -1, timescale: 3).convertScale(10, method: .roundTowardNegativeInfinity).value == -4)
        #expect(CMTime(value: -1, timescale: 3).convertScale(10, method: .roundTowardZero).value == -3)
        #expect(third.convertScale(10, method: .default).hasBeenRounded)
        #expect(!CMTime(value: 1, timescale: 2).convertScale(10, method: .default).hasBeenRounded)
    }

    @Test("Special values: invalid poisons, indefinite wins, opposite infinities are invalid")
    func specialValues() {
        #expect(!CMTimeAdd(.invalid, .zero).isValid)
        #expect(CMTimeAdd(.indefinite, .positiveInfinity).isIndefinite)
        #expect(!CMTimeAdd(.positiveInfinity, .negativeInfinity).isValid)
        #expect(CMTimeSubtract(.positiveInfinity, CMTime(value: 5, timescale: 1)).isPositiveInfinity)
        #expect(CMTimeGetSeconds(.invalid).isNaN)
        #expect(!CMTime().isValid)
        #expect(!CMTime(value: 1, timescale: 0).isValid)
    }

    @Test("Ordering: -inf < numbers < indefinite < +inf < invalid")
    func ordering() {
        let ordered: [CMTime] = [.negativeInfinity, CMTime(value: -1, timescale: 1), .zero, CMTime(value: 1, timescale: 1_000_000_000),
                                 .indefinite, .positiveInfinity, .invalid]
        for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(CMTimeCompare(a, b) == -1) }
        #expect(CMTimeCompare(.invalid, .invalid) == 0)
    }

    @Test("Multiplication keeps the timescale and halves it on overflow, marking it rounded")
    func multiply() {
        #expect(CMTimeMultiply(CMTime(value: 3, timescale: 600), multiplier: 7) == CMTime(value: 21, timescale: 600))
        #expect(CMTimeMultiplyByRatio(CMTime(value: 10, timescale: 1), multiplier: 1, divisor: 3).value == 3)
        let huge = CMTimeMultiply(CMTime(value: Int64.max / 2, timescale: 1_000), multiplier: 4)
        #expect(huge.timescale < 1_000 && huge.hasBeenRounded)
        #expect(abs(huge.seconds - Double(Int64.max / 2) * 4 / 1_000) / huge.seconds < 1e-9)
    }

    @Test("Time ranges contain their start but not their end")
    func ranges() {
        let range = CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 2, timescale: 1))
        #expect(range.containsTime(CMTime(value: 1, timescale: 1)))
        #expect(!range.containsTime(range.end))
        #expect(range.end == CMTime(value: 3, timescale: 1))
    }
}
