/// Beats and seconds of a sequence: the tempo track's tempo events, each holding until the next
/// (120 beats a minute before the first, as Core Audio's sequences start). Made once from the
/// tempo track; its lookups allocate nothing, so the render side uses it.
@_spi(Soundcheck) public struct TempoMap: Sendable {
    public static let defaultBPM = 120.0

    /// Each segment's start in beats and seconds and its tempo.
    private var beats: [Double] = [0]
    private var seconds: [Double] = [0]
    private var bpm: [Double] = [TempoMap.defaultBPM]

    public init(tempoEvents: [(beat: Double, bpm: Double)] = []) {
        for event in tempoEvents.sorted(by: { $0.beat < $1.beat }) where event.bpm > 0 && event.beat.isFinite {
            let beat = max(0, event.beat)
            let last = beats.count - 1
            if beat == beats[last] {
                bpm[last] = event.bpm
                continue
            }
            seconds.append(seconds[last] + (beat - beats[last]) * 60 / bpm[last])
            beats.append(beat)
            bpm.append(event.bpm)
        }
    }

    public func seconds(forBeats beat: Double) -> Double {
        var index = beats.count - 1
        while index > 0, beats[index] > beat { index -= 1 }
        return seconds[index] + (beat - beats[index]) * 60 / bpm[index]
    }

    public func beats(forSeconds time: Double) -> Double {
        var index = seconds.count - 1
        while index > 0, seconds[index] > time { index -= 1 }
        return beats[index] + (time - seconds[index]) * bpm[index] / 60
    }

    /// The tempo at `beat`.
    public func bpm(at beat: Double) -> Double {
        var index = beats.count - 1
        while index > 0, beats[index] > beat { index -= 1 }
        return bpm[index]
    }
}
