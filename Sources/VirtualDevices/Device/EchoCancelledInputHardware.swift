/// Which iPhone models offer echo-cancelled input (`AVAudioSession.setPrefersEchoCancelledInput`,
/// iOS 18.2). Apple's header says only "certain 2024 or later iPhone models" and names none, so we
/// take the models Apple released in 2024 as the line: the iPhone 16 family has it. A profile
/// without a model stands for no particular model and lacks it, so runs that never name a model
/// answer as before (`isEchoCancelledInputAvailable` false).
public enum EchoCancelledInputHardware {
    /// Apple's model names with the feature, by our reading of "2024 or later".
    public static let models = ["iPhone 16", "iPhone 16 Plus", "iPhone 16 Pro", "iPhone 16 Pro Max", "iPhone 16e",
                                "iPhone 17", "iPhone 17 Pro", "iPhone 17 Pro Max", "iPhone Air"]

    public static func has(_ model: String?) -> Bool {
        guard let model else { return false }
        return models.contains(model)
    }
}
