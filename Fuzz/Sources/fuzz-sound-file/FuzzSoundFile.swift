import FuzzDriver
import AudioFiles
import Foundation

/// A sound file's bytes (WAV, AIFF, CAF, FLAC, … whatever libsndfile recognises), opened from
/// memory as `AVAudioFile` and the Audio File Services do, then read to the end as Float and Int16
/// (the two conversion paths) and seeked. A damaged file must give a `SoundFileError`.
@main
enum FuzzSoundFile {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    guard let file = try? SoundFile(readingData: Data(buffer: input), name: "fuzz") else { return 0 }
    let channels = file.format.channels
    // A header may claim hours of audio, or 1024 channels, in a few bytes: read a bounded prefix
    // of at most 4096 samples per read.
    let frames = max(1, 4096 / channels)
    let floats = UnsafeMutablePointer<Float>.allocate(capacity: frames * channels)
    let shorts = UnsafeMutablePointer<Int16>.allocate(capacity: frames * channels)
    defer { floats.deallocate(); shorts.deallocate() }
    for _ in 0..<4 {
        guard let got = try? file.read(interleavedInto: floats, frames: frames), got > 0 else { break }
        FuzzDriver.require(got <= frames, "read \(got) frames into room for \(frames)")
    }
    if (try? file.seek(to: file.frameCount / 2)) != nil {
        _ = try? file.read(interleavedInto: shorts, frames: frames)
    }
    return 0
}
