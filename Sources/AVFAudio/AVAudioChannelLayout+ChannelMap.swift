import AudioFiles

extension AVAudioChannelLayout {
    /// Layout tags whose channel order a WAV mask or CAF `chan` chunk can state, with libsndfile's
    /// positions in Apple's order (Apple's L R C LFE Ls Rs …; libsndfile calls Ls/Rs "rear").
    static let channelMaps: [(tag: AudioChannelLayoutTag, map: [ChannelPosition])] = [
        (kAudioChannelLayoutTag_Mono, [.mono]),
        (kAudioChannelLayoutTag_Stereo, [.left, .right]),
        (kAudioChannelLayoutTag_MPEG_3_0_A, [.left, .right, .center]),
        (kAudioChannelLayoutTag_Quadraphonic, [.left, .right, .rearLeft, .rearRight]),
        (kAudioChannelLayoutTag_MPEG_5_0_A, [.left, .right, .center, .rearLeft, .rearRight]),
        (kAudioChannelLayoutTag_MPEG_5_0_B, [.left, .right, .rearLeft, .rearRight, .center]),
        (kAudioChannelLayoutTag_MPEG_5_1_A, [.left, .right, .center, .lfe, .rearLeft, .rearRight]),
        (kAudioChannelLayoutTag_MPEG_5_1_D, [.center, .left, .right, .rearLeft, .rearRight, .lfe]),
        (kAudioChannelLayoutTag_MPEG_6_1_A, [.left, .right, .center, .lfe, .rearLeft, .rearRight, .rearCenter]),
    ]

    /// The layout a file's channel map describes, if it is one of `channelMaps`.
    convenience init?(channelMap: [ChannelPosition]) {
        let normalized = channelMap.map(Self.normalized)
        guard let match = Self.channelMaps.first(where: { $0.map == normalized }) else { return nil }
        self.init(layoutTag: match.tag)
    }

    /// The channel map to record in a file for this layout, if it has one.
    var channelMap: [ChannelPosition]? { Self.channelMaps.first { $0.tag == layoutTag }?.map }

    /// WAV masks come back as "front" positions; Apple does not distinguish them from L/R/C.
    private static func normalized(_ position: ChannelPosition) -> ChannelPosition {
        switch position {
        case .frontLeft: .left
        case .frontRight: .right
        case .frontCenter: .center
        default: position
        }
    }
}
