import MediaServer
import SimCore
import VirtualDevices

/// The level on every port channel over the whole run, written into the trace as one
/// `audio.levels` line per sink, so the report can draw a lane per port channel from the render
/// path's output (ducking, silencing and route moves are visible there) and shards' traces carry
/// it with them.
///
/// A line holds the peak of each step in whole dBFS, floored at `floorDB`; the step is a whole
/// number of 10 ms blocks chosen so a run has at most `maxSteps` of them.
enum LevelSummary {
    static let maxSteps: Int64 = 200
    static let floorDB = -100

    static func record(server: AudioServer, until end: HostTime, into run: ScenarioRun) {
        let block: Int64 = 10_000_000
        let step = max(1, (end.nanoseconds + block * maxSteps - 1) / (block * maxSteps)) * block
        for sink in server.sinks {
            var channels: [[Int64]] = []
            for channel in 1...sink.channelCount {
                var peaks: [Int64] = []
                var start: Int64 = 0
                while start < end.nanoseconds {
                    let level = sink.level(channel: channel, from: HostTime(nanoseconds: start),
                                           to: HostTime(nanoseconds: min(start + step, end.nanoseconds)))
                    peaks.append(Int64(decibels(level)))
                    start += step
                }
                channels.append(peaks)
            }
            run.server.recordObservation(.levels(port: sink.portUID, stepMs: step / 1_000_000, peakDB: channels))
        }
    }

    private static func decibels(_ level: Level?) -> Int {
        guard let level, level.peak > 0 else { return floorDB }
        return max(floorDB, Int(level.peakDBFS.rounded(.down)))
    }
}
