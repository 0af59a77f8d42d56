import Foundation
import OpenCoreAudioTypes

/// The device side of a running engine: what the output unit's render callback calls once per
/// IO buffer.
final class EngineDevice {
    unowned let engine: AVAudioEngine

    init(engine: AVAudioEngine) {
        self.engine = engine
    }
}

extension AVAudioEngine {
    func startDevice() throws {
        throw Self.error(-10867, "the device output is not available yet")
    }

    func stopDevice() {
        device = nil
    }

    /// The render callback of the output unit: renders `frames` frames (one IO buffer) into
    /// `list`, then hands the app its taps and completions. Allocates nothing in steady state.
    func renderDeviceCycle(_ frames: Int, timeStamp: UnsafePointer<AudioTimeStamp>,
                           into list: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let buffers = UnsafeMutableAudioBufferListPointer(list)
        guard isRunning, !isZombie else {
            for index in buffers.indices { buffers[index].mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffers[index].mDataByteSize)) }
            return 0
        }
        serials.cycleHostTime = timeStamp.pointee.mFlags.contains(.hostTimeValid) ? timeStamp.pointee.mHostTime : nil
        let count = Int(outputNode.outputFormat(forBus: 0).channelCount)
        var done = 0
        while done < frames {
            let slice = min(frames - done, maximumRenderFrames)
            let channels = renderPass(slice)
            for index in 0..<min(count, buffers.count) {
                guard let data = buffers[index].mData?.assumingMemoryBound(to: Float.self) else { continue }
                (data + done).update(from: channels[index], count: slice)
            }
            done += slice
        }
        deliverPending()
        return 0
    }
}
