import Foundation

// The Now Playing info dictionary's keys (MPMediaItem.h, MPNowPlayingInfoCenter.h): the item's
// metadata, where playback stands, the media type, language options, chapters and the
// identifiers that tie the item to a collection, a service and the app's own catalogue.

public let MPMediaItemPropertyPersistentID = "persistentID"
public let MPMediaItemPropertyMediaType = "mediaType"
public let MPMediaItemPropertyTitle = "title"
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
public let MPMediaItemPropertyArtist = "artist"
public let MPMediaItemPropertyAlbumArtist = "albumArtist"
public let MPMediaItemPropertyGenre = "genre"
public let MPMediaItemPropertyComposer = "composer"
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
public let MPMediaItemPropertyAlbumTrackNumber = "albumTrackNumber"
public let MPMediaItemPropertyAlbumTrackCount = "albumTrackCount"
public let MPMediaItemPropertyDiscNumber = "discNumber"
public let MPMediaItemPropertyDiscCount = "discCount"
public let MPMediaItemPropertyArtwork = "artwork"

public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
public let MPNowPlayingInfoPropertyDefaultPlaybackRate = "MPNowPlayingInfoPropertyDefaultPlaybackRate"
public let MPNowPlayingInfoPropertyPlaybackQueueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
public let MPNowPlayingInfoPropertyPlaybackQueueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
public let MPNowPlayingInfoPropertyChapterNumber = "MPNowPlayingInfoPropertyChapterNumber"
public let MPNowPlayingInfoPropertyChapterCount = "MPNowPlayingInfoPropertyChapterCount"
public let MPNowPlayingInfoPropertyIsLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"
public let MPNowPlayingInfoPropertyAvailableLanguageOptions = "MPNowPlayingInfoPropertyAvailableLanguageOptions"
public let MPNowPlayingInfoPropertyCurrentLanguageOptions = "MPNowPlayingInfoPropertyCurrentLanguageOptions"
public let MPNowPlayingInfoCollectionIdentifier = "MPNowPlayingInfoCollectionIdentifier"
public let MPNowPlayingInfoPropertyExternalContentIdentifier = "MPNowPlayingInfoPropertyExternalContentIdentifier"
public let MPNowPlayingInfoPropertyExternalUserProfileIdentifier = "MPNowPlayingInfoPropertyExternalUserProfileIdentifier"
public let MPNowPlayingInfoPropertyServiceIdentifier = "MPNowPlayingInfoPropertyServiceIdentifier"
public let MPNowPlayingInfoPropertyPlaybackProgress = "MPNowPlayingInfoPropertyPlaybackProgress"
public let MPNowPlayingInfoPropertyMediaType = "MPNowPlayingInfoPropertyMediaType"
public let MPNowPlayingInfoPropertyAssetURL = "MPNowPlayingInfoPropertyAssetURL"
public let MPNowPlayingInfoPropertyCurrentPlaybackDate = "MPNowPlayingInfoPropertyCurrentPlaybackDate"
public let MPNowPlayingInfoPropertyCreditsStartTime = "MPNowPlayingInfoPropertyCreditsStartTime"
public let MPNowPlayingInfoPropertyExcludeFromSuggestions = "MPNowPlayingInfoPropertyExcludeFromSuggestions"
public let MPNowPlayingInfoPropertyInternationalStandardRecordingCode = "MPNowPlayingInfoPropertyInternationalStandardRecordingCode"

/// `MPNowPlayingInfoMediaType` (raw values from MPNowPlayingInfoCenter.h), the value of
/// `MPNowPlayingInfoPropertyMediaType`.
public enum MPNowPlayingInfoMediaType: UInt, Sendable {
    case none = 0, audio = 1, video = 2
}
