/// An app that reads input (a recorder): it hears the first channel of its route's first input
/// port unless it chose a channel.
struct InputReader {
    let app: AppID
    var assignment: ChannelAssignment?
}
