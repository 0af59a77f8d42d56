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

// The rest of MPMediaItem.h's keys. Apple does not document their string values (apps use the
// constants); each is the property's name, lower camel case, as the documented ones above.
public let MPMediaItemPropertyAlbumPersistentID = "albumPersistentID"
public let MPMediaItemPropertyArtistPersistentID = "artistPersistentID"
public let MPMediaItemPropertyAlbumArtistPersistentID = "albumArtistPersistentID"
public let MPMediaItemPropertyGenrePersistentID = "genrePersistentID"
public let MPMediaItemPropertyComposerPersistentID = "composerPersistentID"
public let MPMediaItemPropertyPodcastPersistentID = "podcastPersistentID"
public let MPMediaItemPropertyPodcastTitle = "podcastTitle"
public let MPMediaItemPropertyLyrics = "lyrics"
public let MPMediaItemPropertyIsCompilation = "isCompilation"
public let MPMediaItemPropertyIsExplicit = "isExplicit"
public let MPMediaItemPropertyIsCloudItem = "isCloudItem"
public let MPMediaItemPropertyIsPreorder = "isPreorder"
public let MPMediaItemPropertyHasProtectedAsset = "hasProtectedAsset"
public let MPMediaItemPropertyReleaseDate = "releaseDate"
public let MPMediaItemPropertyDateAdded = "dateAdded"
public let MPMediaItemPropertyLastPlayedDate = "lastPlayedDate"
public let MPMediaItemPropertyBeatsPerMinute = "beatsPerMinute"
public let MPMediaItemPropertyComments = "comments"
public let MPMediaItemPropertyAssetURL = "assetURL"
public let MPMediaItemPropertyPlayCount = "playCount"
public let MPMediaItemPropertySkipCount = "skipCount"
public let MPMediaItemPropertyRating = "rating"
public let MPMediaItemPropertyUserGrouping = "userGrouping"
public let MPMediaItemPropertyBookmarkTime = "bookmarkTime"
public let MPMediaItemPropertyPlaybackStoreID = "playbackStoreID"

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
/// iOS 26: an `MPMediaItemAnimatedArtwork` for the square and the 3:4 artwork slots.
public let MPNowPlayingInfoProperty1x1AnimatedArtwork = "MPNowPlayingInfoProperty1x1AnimatedArtwork"
public let MPNowPlayingInfoProperty3x4AnimatedArtwork = "MPNowPlayingInfoProperty3x4AnimatedArtwork"
/// iOS 26: an array of `MPAdTimeRange`, the stretches of the item that are advertisements.
public let MPNowPlayingInfoPropertyAdTimeRanges = "MPNowPlayingInfoPropertyAdTimeRanges"

/// `MPNowPlayingInfoMediaType` (raw values from MPNowPlayingInfoCenter.h), the value of
/// `MPNowPlayingInfoPropertyMediaType`.
public enum MPNowPlayingInfoMediaType: UInt, Sendable {
    case none = 0, audio = 1, video = 2
}
