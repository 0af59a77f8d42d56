import Foundation
import Testing

/// `soundcheck ble-midi decode` and `encode`, run as a user runs them.
@Suite("soundcheck ble-midi")
struct BLEMIDICLITests {
    @Test("decode prints one line per message: 13-bit time, then the bytes in uppercase hex")
    func decode() throws {
        let result = try CLIProcessTests.run(["ble-midi", "decode", "8080903C64", "a4b4f00102b5f8", "A40304B6F7"])
        #expect(result.status == 0, "\(result.errors)")
        // The F8 inside the SysEx comes out first; the SysEx carries the time of its F7.
        #expect(result.output == "0 90 3C 64\n4661 F8\n4662 F0 01 02 03 04 F7\n")
    }

    @Test("decode reports a malformed packet's index, byte offset and rule, after the messages of the packets before it")
    func decodeMalformed() throws {
        let result = try CLIProcessTests.run(["ble-midi", "decode", "A4B4903C64", "A6D93E00883E00", "A4B5903C00"])
        #expect(result.status != 0)
        #expect(result.output == "4660 90 3C 64\n", "nothing from the bad packet, nothing after it")
        #expect(result.errors.contains("packet 1, byte offset 2:"))
        #expect(result.errors.contains("runningStatusWithoutStatus"))
    }

    @Test("decode rejects text that is not contiguous hex, and a stream that ends inside a SysEx")
    func decodeBadArguments() throws {
        let hex = try CLIProcessTests.run(["ble-midi", "decode", "80 80 F8"])
        #expect(hex.status != 0 && hex.errors.contains("packet 0 (80 80 F8) is not contiguous hex"))
        let open = try CLIProcessTests.run(["ble-midi", "decode", "8080F00102"])
        #expect(open.status != 0 && open.errors.contains("end inside a System Exclusive"))
    }

    @Test("encode turns decode's lines back into packets that decode to the same lines, at the MTU given")
    func encodeRoundTrip() throws {
        let lines = "4660 90 3C 64\n4660 90 40 64\n4661 F8\n4662 F0 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10 11 12 13 14 F7\n4735 80 3C 00\n"
        let file = try CLIProcessTests.temporaryFile("ble-midi-lines.txt", lines)
        let encoded = try CLIProcessTests.run(["ble-midi", "encode", file, "--mtu", "12"])
        #expect(encoded.status == 0, "\(encoded.errors)")
        let packets = encoded.output.split(separator: "\n").map(String.init)
        #expect(packets.first == "A4B4903C644064B5F8B6F001", "running status for the same status and time; the SysEx starts in the space left")
        #expect(packets.allSatisfy { $0.count <= 24 && $0 == $0.uppercased() })
        let decoded = try CLIProcessTests.run(["ble-midi", "decode"] + packets)
        #expect(decoded.status == 0, "\(decoded.errors)")
        #expect(decoded.output == lines)
    }

    @Test("encode reads standard input by default")
    func encodeStandardInput() throws {
        let process = Process()
        process.executableURL = CLIProcessTests.binary
        process.arguments = ["ble-midi", "encode"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("0 90 3C 64\n".utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: printed, as: UTF8.self) == "8080903C64\n")
    }

    @Test("encode names file:line:column and the problem for a bad line, and refuses an MTU below 5", arguments: [
        ("time", "0 90 3C 64\n9000 F8\n", ":2:1: the timestamp '9000' is not a decimal number of milliseconds in 0-8191"),
        ("length", "0 90 3C\n", ":1:3: not one MIDI message: status 90 takes 3 bytes, not 2"),
        ("hex", "0 90 3C 6G\n", ":1:9: '6G' is not a byte in two hex digits"),
        ("bytes", "12\n", ":1:1: the timestamp is not followed by any message bytes"),
    ])
    func encodeErrors(name: String, lines: String, problem: String) throws {
        // One file per case: the cases run in parallel.
        let file = try CLIProcessTests.temporaryFile("ble-midi-bad-\(name).txt", lines)
        let result = try CLIProcessTests.run(["ble-midi", "encode", file])
        #expect(result.status != 0)
        #expect(result.errors.contains(file + problem), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test("--mtu below 5 is a usage error; --help documents both subcommands")
    func usage() throws {
        let small = try CLIProcessTests.run(["ble-midi", "encode", "--mtu", "4"])
        #expect(small.status != 0 && small.errors.contains("--mtu must be at least 5"))
        let help = try CLIProcessTests.run(["ble-midi", "--help"])
        #expect(help.status == 0 && help.output.contains("decode") && help.output.contains("encode"))
        let top = try CLIProcessTests.run(["--help"])
        #expect(top.output.contains("ble-midi"))
    }
}
