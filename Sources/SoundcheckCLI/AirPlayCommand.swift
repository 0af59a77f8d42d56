import AirPlayRAOP
import ArgumentParser
import AudioFiles
import Foundation

/// `soundcheck airplay`: talking to real AirPlay receivers.
struct AirPlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airplay",
        abstract: "Stream to a real AirPlay 1 (RAOP) receiver.",
        subcommands: [Send.self]
    )

    struct Send: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stream an audio file to an AirPlay 1 receiver, uncompressed and unencrypted.",
            discussion: """
                The file must be 44.1 kHz, mono or stereo (any format libsndfile reads; convert others \
                first, e.g. `sox in.flac -r 44100 out.wav`). It plays through RTSP (OPTIONS, ANNOUNCE, \
                SETUP, RECORD, SET_PARAMETER volume) and RTP packets of 352 frames, L16, paced to real \
                time; the receiver plays it about 2 s after it is sent. The command returns once the \
                receiver has played it all (TEARDOWN). A receiver that refuses (one that wants a password or \
                encryption, or is busy with another sender) stops it with an error naming the RTSP step and status.
                """
        )

        @Argument(help: "The audio file to stream (44.1 kHz, 1 or 2 channels).")
        var file: String

        @Option(name: .long, help: "The receiver's RTSP address, HOST:PORT (shairport-sync and AirPort Express use port 5000).")
        var to: String

        @Option(name: .long, help: "Volume in dB: 0 is full, -30 the quietest, -144 mutes.")
        var volume: Double = 0

        @Flag(name: .long, help: "Print no progress.")
        var quiet = false

        func validate() throws {
            guard receiver != nil else { throw ValidationError("--to must be HOST:PORT (e.g. 192.168.1.20:5000), not '\(to)'.") }
            guard volume == -144 || (-30...0).contains(volume) else { throw ValidationError("--volume must be between -30 and 0 dB, or -144 to mute.") }
        }

        private var receiver: (host: String, port: UInt16)? {
            guard let colon = to.lastIndex(of: ":"), let port = UInt16(to[to.index(after: colon)...]), port > 0 else { return nil }
            let host = String(to[..<colon])
            return host.isEmpty ? nil : (host, port)
        }

        func run() throws {
            let source: SoundFile
            do { source = try SoundFile(readingPath: file) } catch { throw UserError("\(file): \(error)") }
            let channels = source.format.channels
            guard source.format.sampleRate == 44_100, (1...2).contains(channels) else {
                throw UserError("\(file): AirPlay 1 plays 44.1 kHz stereo; this file is \(source.format.sampleRate) Hz with \(channels) channels "
                                + "(convert it first, e.g. `sox \(file) -r 44100 -c 2 out.wav`)")
            }
            let (host, port) = receiver!
            let sender = RAOPSender(host: host, port: port)
            sender.volume = volume
            try sender.connect()
            let total = source.frameCount, chunkFrames = 4_410
            var samples = [Int16](repeating: 0, count: chunkFrames * channels)
            var sent: Int64 = 0, reported = -1
            while true {
                let frames = try samples.withUnsafeMutableBufferPointer { try source.read(interleavedInto: $0.baseAddress!, frames: chunkFrames) }
                guard frames > 0 else { break }
                let stereo = channels == 2 ? Array(samples.prefix(frames * 2)) : samples.prefix(frames).flatMap { [$0, $0] }
                try stereo.withUnsafeBufferPointer { try sender.send(interleaved: $0) }
                sent += Int64(frames)
                let percent = total > 0 ? Int(sent * 100 / total) : 0
                if !quiet && percent / 10 != reported / 10 {
                    print("airplay: sent \(sent) of \(total) frames (\(percent) %) to \(host):\(port)")
                    reported = percent
                }
            }
            if !quiet { print("airplay: waiting for the receiver to play the last 2 s") }
            try sender.drain()
            try sender.close()
            if !quiet { print("airplay: done, \(sent) frames (\(String(format: "%.1f", Double(sent) / 44_100)) s) played") }
        }
    }
}
