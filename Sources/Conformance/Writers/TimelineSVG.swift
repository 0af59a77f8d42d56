/// Draws a `Timeline` as inline SVG: a time axis, the route lane, then per app one row of state
/// bars (active, interrupted, ducked, silenced stacked as thin tracks), markers for
/// notifications, and a gain line when there is one. Integer coordinates only, so bytes are stable.
enum TimelineSVG {
    static let width = 1100
    static let labelWidth = 150
    static let states = ["active", "interrupted", "ducked", "silenced"]
    static let colors = ["active": "#3a9d5d", "interrupted": "#d9534f", "ducked": "#f0ad4e", "silenced": "#8e7cc3"]

    static func render(_ timeline: Timeline, findings: [AppFinding] = []) -> String {
        let plot = width - labelWidth - 20
        func x(_ t: Int64) -> Int { labelWidth + Int(Int64(plot) * min(t, timeline.end) / timeline.end) }
        let laneHeight = 64
        let levelTop = 70 + timeline.lanes.count * laneHeight
        let height = levelTop + timeline.levels.count * levelHeight + 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" class=\"timeline\">\n"
        // Axis: one tick per second, or fewer when long.
        let second: Int64 = 1_000_000_000
        let step = max(second, (timeline.end / 10 + second - 1) / second * second)
        var tick: Int64 = 0
        while tick <= timeline.end {
            svg += "<line x1=\"\(x(tick))\" y1=\"20\" x2=\"\(x(tick))\" y2=\"\(height - 5)\" class=\"grid\"/>"
            svg += "<text x=\"\(x(tick))\" y=\"14\" class=\"tick\">\(Format.time(tick))</text>\n"
            tick += step
        }
        // Route lane.
        svg += "<text x=\"4\" y=\"44\" class=\"lane\">route (output)</text>\n"
        for (index, span) in timeline.route.enumerated() {
            let fill = index % 2 == 0 ? "#5b8def" : "#2f5fbf"
            svg += "<rect x=\"\(x(span.start))\" y=\"30\" width=\"\(max(1, x(span.end) - x(span.start)))\" height=\"20\" fill=\"\(fill)\"><title>\(HTMLWriter.escape(span.label)) \(Format.time(span.start))–\(Format.time(span.end))</title></rect>"
            svg += "<text x=\"\(x(span.start) + 4)\" y=\"44\" class=\"on\">\(HTMLWriter.escape(span.label))</text>\n"
        }
        for (row, lane) in timeline.lanes.enumerated() {
            let top = 70 + row * laneHeight
            svg += "<text x=\"4\" y=\"\(top + 20)\" class=\"lane\">\(HTMLWriter.escape(lane.app))</text>\n"
            for (track, state) in states.enumerated() {
                let y = top + track * 9
                for span in lane.spans where span.label == state {
                    svg += "<rect x=\"\(x(span.start))\" y=\"\(y)\" width=\"\(max(2, x(span.end) - x(span.start)))\" height=\"8\" fill=\"\(colors[state]!)\"><title>\(state) \(Format.time(span.start))–\(Format.time(span.end))</title></rect>\n"
                }
            }
            for (index, marker) in lane.markers.enumerated() {
                let mx = x(marker.time)
                let my = top + 40 + (index % 2) * 10
                // Labels near the right edge run leftwards, so they stay inside the picture.
                let text = mx > width - 200 ? "x=\"\(mx - 5)\" text-anchor=\"end\"" : "x=\"\(mx + 5)\""
                svg += "<path d=\"M\(mx) \(top + 36) l-4 -6 h8 z\" class=\"marker\"/><text \(text) y=\"\(my)\" class=\"mark\">\(HTMLWriter.escape(marker.label))</text>\n"
            }
            // Broken app rules: a red flag at the time the trace showed it.
            for finding in findings where finding.app == lane.app {
                let fx = x(finding.time)
                svg += "<path d=\"M\(fx) \(top - 2) v40\" class=\"finding\"><title>\(HTMLWriter.escape(finding.message))</title></path>"
                svg += "<text x=\"\(fx - 4)\" y=\"\(top + 58)\" text-anchor=\"end\" class=\"finding-text\">⚠ \(HTMLWriter.escape(finding.rule))</text>\n"
            }
            if !lane.gain.isEmpty {
                var points: [String] = []
                var last: Int64 = 0
                for step in lane.gain {
                    let gy = top + 36 - Int(min(1000, max(0, step.perMille)) * 34 / 1000)
                    if !points.isEmpty { points.append("\(x(step.time)),\(top + 36 - Int(min(1000, max(0, last)) * 34 / 1000))") }
                    points.append("\(x(step.time)),\(gy)")
                    last = step.perMille
                }
                points.append("\(x(timeline.end)),\(top + 36 - Int(min(1000, max(0, last)) * 34 / 1000))")
                svg += "<polyline points=\"\(points.joined(separator: " "))\" class=\"gain\"><title>gain (‰)</title></polyline>\n"
            }
        }
        svg += levelLanes(timeline, top: levelTop, x: x)
        return svg + "</svg>\n"
    }

    static let levelHeight = 22
    /// The quietest level a lane draws; below it a step shows as silence.
    static let levelFloorDB: Int64 = -60

    /// One row per port channel: a bar per step, as tall as its peak above −60 dBFS, so a duck,
    /// a silenced app or a route move shows where the sound went.
    private static func levelLanes(_ timeline: Timeline, top: Int, x: (Int64) -> Int) -> String {
        var svg = ""
        for (row, lane) in timeline.levels.enumerated() {
            let base = top + row * levelHeight + levelHeight - 4
            svg += "<text x=\"4\" y=\"\(base)\" class=\"lane\">\(HTMLWriter.escape(lane.label))</text>\n"
            svg += "<line x1=\"\(x(0))\" y1=\"\(base)\" x2=\"\(x(timeline.end))\" y2=\"\(base)\" class=\"grid\"/>"
            var path = ""
            for (index, peak) in lane.peakDB.enumerated() where peak > levelFloorDB {
                let start = Int64(index) * lane.stepNanoseconds
                let height = Int((min(0, peak) - levelFloorDB) * Int64(levelHeight - 6) / -levelFloorDB)
                path += "M\(x(start)) \(base)h\(max(1, x(start + lane.stepNanoseconds) - x(start)))v-\(max(1, height))h-\(max(1, x(start + lane.stepNanoseconds) - x(start)))z"
            }
            if !path.isEmpty {
                svg += "<path d=\"\(path)\" class=\"level\"><title>\(HTMLWriter.escape(lane.label)) peak dBFS</title></path>\n"
            }
        }
        return svg
    }
}
