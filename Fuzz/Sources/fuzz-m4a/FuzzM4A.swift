import FuzzDriver
import AudioFiles
import Foundation

/// An MPEG-4 audio file's bytes (.m4a/.mp4 with AAC or Apple Lossless), demuxed by libavformat
/// and decoded by libavcodec as `AVAudioFile` reads one. The reader takes a path, so each input is
/// written to one scratch file first. A damaged file must give a `SoundFileError`.
@main
enum FuzzM4A {
    static func main() { FuzzDriver.run(testOneInput) }
}

func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzDriver.bytes(data, size)
    FileManager.default.createFile(atPath: scratchPath, contents: Data(buffer: input))
    if let decoded = try? MPEG4Audio.read(path: scratchPath) {
        FuzzDriver.require(decoded.channels > 0 && decoded.samples.count % decoded.channels == 0, "a partial frame")
    }
    return 0
}

/// One file per fuzzing process, in memory when /dev/shm is there.
let scratchPath: String = {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return "\(folder)/soundcheck-fuzz-m4a-\(getpid()).m4a"
}()
