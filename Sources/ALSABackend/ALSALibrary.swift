import CALSA

/// The ALSA library this build links, and the sound cards the kernel exposes.
public enum ALSALibrary {
    /// The library version, e.g. "1.2.8".
    public static var version: String { String(cString: snd_asoundlib_version()) }

    /// Indices of the sound cards present; empty on machines without `/dev/snd` (CI VMs), which
    /// is why hardware tests detect and skip rather than fail.
    public static var cardIndices: [Int32] {
        var indices: [Int32] = []
        var card: Int32 = -1
        while snd_card_next(&card) == 0, card >= 0 { indices.append(card) }
        return indices
    }
}
