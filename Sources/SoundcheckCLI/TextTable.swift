import Foundation

/// A plain aligned text table: the first row is the header, underlined.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return line(header) + line(widths.map { String(repeating: "─", count: $0) }) + rows.dropFirst().map(line).joined()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
