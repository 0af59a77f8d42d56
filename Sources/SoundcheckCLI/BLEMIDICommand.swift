import ArgumentParser
import BLEMIDI
import Foundation

/// `soundcheck ble-midi`: the BLE-MIDI packet codec on the command line.
struct BLEMIDICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ble-midi",
        abstract: "Decode and encode MIDI over Bluetooth LE (BLE-MIDI) packets.",
        discussion: """
            A message line is its 13-bit sender timestamp in milliseconds (0-8191), a space, then its \
            bytes as two-digit uppercase hex separated by spaces: `0 90 3C 64`. A packet is contiguous \
            hex: `8080903C64`.
            """,
        subcommands: [Decode.self, Encode.self]
    )

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode BLE-MIDI packets into one line per MIDI message.",
            discussion: """
                The packets are one stream, in order: a System Exclusive may continue from one packet \
                into the next. Each message prints as `TIME BYTES` (`0 90 3C 64`); a real-time message \
                inside a System Exclusive prints before it, and a System Exclusive carries the time of \
                its F7. A malformed packet stops the run with its packet index and byte offset (both \
                counted from 0) and the rule it breaks, and a non-zero exit status.
                """
        )

        @Argument(help: "The packets, one per argument, as contiguous hex (8080903C64).")
        var packets: [String]

        func validate() throws {
            guard !packets.isEmpty else { throw ValidationError("Give at least one packet.") }
        }

        func run() throws {
            var decoder = BLEMIDIDecoder()
            for (index, text) in packets.enumerated() {
                guard let packet = BLEMIDIHex.bytes(text) else {
                    throw UserError("packet \(index) (\(text)) is not contiguous hex: give two hex digits per byte, like 8080903C64")
                }
                let messages: [BLEMIDIMessage]
                do { messages = try decoder.decode(packet) } catch { throw UserError(error.description) }
                for message in messages { print(message) }
            }
            if decoder.isInsideSysEx {
                throw UserError("packet \(packets.count - 1), byte offset \(packets.last!.count / 2): the packets end inside a System Exclusive that no F7 ends")
            }
        }
    }

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Encode message lines (`TIME BYTES`, as decode prints them) into BLE-MIDI packets.",
            discussion: """
                Reads one message per line (blank lines are skipped) and prints one packet per line as \
                contiguous uppercase hex. Messages keep their order and exact times; only a System \
                Exclusive is split across packets.
                """
        )

        @Argument(help: "The message lines to read; standard input when omitted or -.")
        var input: String = "-"

        @Option(help: "The largest packet in bytes: the ATT MTU minus 3 (at least 5).")
        var mtu: Int = 20

        func validate() throws {
            guard mtu >= 5 else { throw ValidationError("--mtu must be at least 5: a header, a timestamp and a 3-byte message.") }
        }

        func run() throws {
            let name = input == "-" ? "<stdin>" : input
            let data: Data
            if input == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                do { data = try Data(contentsOf: URL(fileURLWithPath: input)) } catch {
                    throw UserError("\(input): cannot read: \(error.localizedDescription)")
                }
            }
            var messages: [BLEMIDIMessage] = []
            for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
                guard !trimmed.allSatisfy(\.isWhitespace) else { continue }
                do { messages.append(try MessageLine.parse(trimmed)) } catch {
                    throw UserError("\(name):\(index + 1):\(error.column): \(error.problem)")
                }
            }
            var encoder = BLEMIDIEncoder(mtu: mtu)
            for packet in encoder.encode(messages) { print(BLEMIDIHex.string(packet)) }
        }
    }
}

/// One `TIME BYTES` line of the command line's text format.
enum MessageLine {
    struct Problem: Error {
        let column: Int
        let problem: String
    }

    /// Parses `0 90 3C 64`: fields separated by spaces or tabs, a decimal time in 0…8191, then
    /// one or more two-digit hex bytes forming one complete MIDI message.
    static func parse(_ line: Substring) throws(Problem) -> BLEMIDIMessage {
        let fields = Self.fields(of: line)
        guard let (timeColumn, timeText) = fields.first else { throw Problem(column: 1, problem: "expected a message line") }
        guard let time = UInt16(timeText), time <= 8191 else {
            throw Problem(column: timeColumn, problem: "the timestamp '\(timeText)' is not a decimal number of milliseconds in 0-8191")
        }
        guard fields.count > 1 else { throw Problem(column: timeColumn, problem: "the timestamp is not followed by any message bytes") }
        var bytes: [UInt8] = []
        for (column, text) in fields.dropFirst() {
            guard text.count == 2, let byte = BLEMIDIHex.bytes(text)?.first else {
                throw Problem(column: column, problem: "'\(text)' is not a byte in two hex digits")
            }
            bytes.append(byte)
        }
        let message = BLEMIDIMessage(timestamp: time, bytes: bytes)
        if let malformation = message.malformation { throw Problem(column: fields[1].column, problem: "not one MIDI message: \(malformation)") }
        return message
    }

    /// The whitespace-separated fields of `line` with their 1-based columns.
    private static func fields(of line: Substring) -> [(column: Int, text: Substring)] {
        var fields: [(Int, Substring)] = []
        var column = 1
        var start: Substring.Index?
        var startColumn = 1
        for index in line.indices {
            if line[index] == " " || line[index] == "\t" {
                if let begin = start { fields.append((startColumn, line[begin..<index])); start = nil }
            } else if start == nil {
                start = index
                startColumn = column
            }
            column += 1
        }
        if let begin = start { fields.append((startColumn, line[begin...])) }
        return fields
    }
}
