import Foundation

// Swift mirror of `ZIMErrorCode.h` (`NS_ENUM(NSUInteger, ZIMErrorCode)`): every case of the late-2.x
// header, in its order, with its raw value. Meanings are from ZEGO's error-code page (docs/ZIM.md,
// "Error codes"). Default rule (ObjC zero-initialisation): a `ZIMErrorCode` field defaults to the
// raw-value-0 case, `.ZIMErrorCodeSuccess`.

/// ZIMErrorCode (NS_ENUM(NSUInteger)): the result code of every callback and of `zim(_:errorInfo:)`.
///
/// The cases keep their full Objective-C names (`.ZIMErrorCodeSuccess`, not `.success`), as current ZIM
/// imports them into Swift (docs/ZIM.md, "Error-code case names"); the lowercase spellings of older ZIM
/// builds are deprecated aliases (`ZIMErrorCode+OlderNames.swift`).
public enum ZIMErrorCode: UInt, Sendable, CaseIterable {
    /// ZIMErrorCodeSuccess (0): success.
    case ZIMErrorCodeSuccess = 0
    /// ZIMErrorCodeFailed (1): generic failure.
    case ZIMErrorCodeFailed = 1

    // MARK: Common module (6000001–6000016)

    /// ZIMErrorCodeCommonModuleParamsInvalid (6000001): invalid parameters (also over-long `extendedData`, user names, avatar URLs, and an out-of-range `timeout`).
    case ZIMErrorCodeCommonModuleParamsInvalid = 6000001
    /// ZIMErrorCodeCommonModuleEngineNotInit (6000002): the SDK is not initialised.
    case ZIMErrorCodeCommonModuleEngineNotInit = 6000002
    /// ZIMErrorCodeCommonModuleInvalidAppID (6000003): the AppID is invalid or has expired.
    case ZIMErrorCodeCommonModuleInvalidAppID = 6000003
    /// ZIMErrorCodeCommonModuleTriggerSDKFrequencyLimit (6000004): requests exceeded the SDK's frequency limit.
    case ZIMErrorCodeCommonModuleTriggerSDKFrequencyLimit = 6000004
    /// ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit (6000005): requests exceeded the server's frequency limit.
    case ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit = 6000005
    /// ZIMErrorCodeCommonModuleSwitchServerError (6000006): the switch server refused the request (server frequency limit).
    case ZIMErrorCodeCommonModuleSwitchServerError = 6000006
    /// ZIMErrorCodeCommonModuleIMServerError (6000007): internal server error.
    case ZIMErrorCodeCommonModuleIMServerError = 6000007
    /// ZIMErrorCodeCommonModuleIMDataBaseError (6000008): internal database error.
    case ZIMErrorCodeCommonModuleIMDataBaseError = 6000008
    /// ZIMErrorCodeCommonModuleImServerDisconnect (6000009): the connection dropped while the request was being sent.
    case ZIMErrorCodeCommonModuleImServerDisconnect = 6000009
    /// ZIMErrorCodeCommonModuleUploadLogError (6000010): uploading the logs failed.
    case ZIMErrorCodeCommonModuleUploadLogError = 6000010
    /// ZIMErrorCodeCommonModuleUserIsNotExist (6000011): the user does not exist (the `reason` of a `queryUsersInfo` user that never logged in).
    case ZIMErrorCodeCommonModuleUserIsNotExist = 6000011
    /// ZIMErrorCodeCommonModuleUserInfoQueriedLimit (6000012): the user-information limit was reached: more than 10 userIDs in one `queryUsersInfo`, or in 10 seconds.
    case ZIMErrorCodeCommonModuleUserInfoQueriedLimit = 6000012
    /// ZIMErrorCodeCommonModuleUnsupportedRequest (6000013): the billing plan does not support the operation.
    case ZIMErrorCodeCommonModuleUnsupportedRequest = 6000013
    /// ZIMErrorCodeCommonModuleExceedDAULimit (6000015): the AppID exceeded its daily-active-user limit.
    case ZIMErrorCodeCommonModuleExceedDAULimit = 6000015
    /// ZIMErrorCodeCommonModuleExceedMAULimit (6000016): the AppID exceeded its monthly-active-user limit.
    case ZIMErrorCodeCommonModuleExceedMAULimit = 6000016

    // MARK: Network and login module (6000101–6000124)

    /// ZIMErrorCodeNetworkModuleCommonError (6000101): login failed: the token is invalid or the AppID is wrong.
    case ZIMErrorCodeNetworkModuleCommonError = 6000101
    /// ZIMErrorCodeNetworkModuleServerError (6000102): login failed: internal error.
    case ZIMErrorCodeNetworkModuleServerError = 6000102
    /// ZIMErrorCodeNetworkModuleTokenInvalid (6000103): the token is invalid (e.g. passed to `renewToken`).
    case ZIMErrorCodeNetworkModuleTokenInvalid = 6000103
    /// ZIMErrorCodeNetworkModuleNetworkError (6000104): network error.
    case ZIMErrorCodeNetworkModuleNetworkError = 6000104
    /// ZIMErrorCodeNetworkModuleRequestTimeout (6000105): the request timed out.
    case ZIMErrorCodeNetworkModuleRequestTimeout = 6000105
    /// ZIMErrorCodeNetworkModuleTokenExpired (6000106): the token has expired.
    case ZIMErrorCodeNetworkModuleTokenExpired = 6000106
    /// ZIMErrorCodeNetworkModuleTokenVersionError (6000107): the token's version does not match.
    case ZIMErrorCodeNetworkModuleTokenVersionError = 6000107
    /// ZIMErrorCodeNetworkModuleTokenTimeIsTooShort (6000108): the token's validity period is too short (under 30 s).
    case ZIMErrorCodeNetworkModuleTokenTimeIsTooShort = 6000108
    /// ZIMErrorCodeNetworkModuleUserHasAlreadyLogged (6000111): the user is already logged in (ZEGO Swift code treats it as success).
    case ZIMErrorCodeNetworkModuleUserHasAlreadyLogged = 6000111
    /// ZIMErrorCodeNetworkModuleUserIsNotLogged (6000121): the user is not logged in.
    case ZIMErrorCodeNetworkModuleUserIsNotLogged = 6000121
    /// ZIMErrorCodeNetworkModuleUserHasAlreadyLoggedOut (6000122): the user has already logged out.
    case ZIMErrorCodeNetworkModuleUserHasAlreadyLoggedOut = 6000122
    /// ZIMErrorCodeNetworkModuleUserOffline (6000123): logging in as another userID after the offline time exceeded the reconnection window, without logging out first.
    case ZIMErrorCodeNetworkModuleUserOffline = 6000123
    /// ZIMErrorCodeNetworkModuleUserIDError (6000124): an offline login with a userID other than the last online one.
    case ZIMErrorCodeNetworkModuleUserIDError = 6000124

    // MARK: Message module (6000201–6000245)

    /// ZIMErrorCodeMessageModuleCommonError (6000201): internal error while sending a message.
    case ZIMErrorCodeMessageModuleCommonError = 6000201
    /// ZIMErrorCodeMessageModuleServerError (6000202): internal server error (messages).
    case ZIMErrorCodeMessageModuleServerError = 6000202
    /// ZIMErrorCodeMessageModuleSendMessageFailed (6000203): sending the message failed.
    case ZIMErrorCodeMessageModuleSendMessageFailed = 6000203
    /// ZIMErrorCodeMessageModuleTargetDoseNotExist (6000204, "Dose" sic): the message target (user, group, room) does not exist.
    case ZIMErrorCodeMessageModuleTargetDoseNotExist = 6000204
    /// ZIMErrorCodeMessageModuleFileError (6000210): file module error.
    case ZIMErrorCodeMessageModuleFileError = 6000210
    /// ZIMErrorCodeMessageModuleFileNotExist (6000211): the rich-media file does not exist.
    case ZIMErrorCodeMessageModuleFileNotExist = 6000211
    /// ZIMErrorCodeMessageModuleFileServerError (6000212): sending the rich-media content failed.
    case ZIMErrorCodeMessageModuleFileServerError = 6000212
    /// ZIMErrorCodeMessageModuleFileTypeUnsupported (6000213): unsupported file format.
    case ZIMErrorCodeMessageModuleFileTypeUnsupported = 6000213
    /// ZIMErrorCodeMessageModuleFileSizeInvalid (6000214): invalid file size.
    case ZIMErrorCodeMessageModuleFileSizeInvalid = 6000214
    /// ZIMErrorCodeMessageModuleFileDurationInvalid (6000215): invalid audio duration.
    case ZIMErrorCodeMessageModuleFileDurationInvalid = 6000215
    /// ZIMErrorCodeMessageModuleFilePermissionDenied (6000216): the file lacks read permission.
    case ZIMErrorCodeMessageModuleFilePermissionDenied = 6000216
    /// ZIMErrorCodeMessageModuleFileDownloadFailed (6000217): downloading the file failed.
    case ZIMErrorCodeMessageModuleFileDownloadFailed = 6000217
    /// ZIMErrorCodeMessageModuleFileDownloadLimit (6000218): the file exceeds the download size limit.
    case ZIMErrorCodeMessageModuleFileDownloadLimit = 6000218
    /// ZIMErrorCodeMessageModuleFileDownloadUrlNotFound (6000219): the file's download URL is invalid.
    case ZIMErrorCodeMessageModuleFileDownloadUrlNotFound = 6000219
    /// ZIMErrorCodeMessageModuleFileDownloadHttpRequestServerError (6000220): the download request failed.
    case ZIMErrorCodeMessageModuleFileDownloadHttpRequestServerError = 6000220
    /// ZIMErrorCodeMessageModuleAuditRejected (6000221): the content did not pass moderation.
    case ZIMErrorCodeMessageModuleAuditRejected = 6000221
    /// ZIMErrorCodeMessageModuleAuditFailed (6000222): content moderation failed.
    case ZIMErrorCodeMessageModuleAuditFailed = 6000222
    /// ZIMErrorCodeMessageModuleAuditCustomSentRejected (6000230): the developer's own review refused the message.
    case ZIMErrorCodeMessageModuleAuditCustomSentRejected = 6000230
    /// ZIMErrorCodeMessageModuleMuted (6000231): the sender is muted.
    case ZIMErrorCodeMessageModuleMuted = 6000231
    /// ZIMErrorCodeMessageModuleCacheFileOpenFailed (6000240): the import/export cache file could not be opened.
    case ZIMErrorCodeMessageModuleCacheFileOpenFailed = 6000240
    /// ZIMErrorCodeMessageModuleCacheFileExportOrImportIsInProgressCurrently (6000241): an import or export is already in progress.
    case ZIMErrorCodeMessageModuleCacheFileExportOrImportIsInProgressCurrently = 6000241
    /// ZIMErrorCodeMessageModuleCacheFileOnlyCanImportCacheOfOneself (6000242): only the current user's cache can be imported.
    case ZIMErrorCodeMessageModuleCacheFileOnlyCanImportCacheOfOneself = 6000242
    /// ZIMErrorCodeMessageModuleCacheFileExportFailed (6000243): exporting messages failed.
    case ZIMErrorCodeMessageModuleCacheFileExportFailed = 6000243
    /// ZIMErrorCodeMessageModuleCacheFileImportFailed (6000244): importing messages failed.
    case ZIMErrorCodeMessageModuleCacheFileImportFailed = 6000244
    // Spelled `Zim…` on purpose: that is the vendor header's spelling, and this one odd prefix is what
    // stops ClangImporter from stripping the common `ZIMErrorCode` prefix, which is why every case of the
    // real enum keeps its full name in Swift (docs/ZIM.md, "Error-code case names").
    /// ZimErrorCodeMessageModuleCacheFileJsonParseFailed (6000245, "Zim" sic): parsing imported messages failed.
    case ZimErrorCodeMessageModuleCacheFileJsonParseFailed = 6000245

    // MARK: Call invitation, receipts, revoke, reactions, edit (6000270–6000286)

    /// ZIMErrorCodeMessageModuleCallError (6000270): the call invitation failed (generic).
    case ZIMErrorCodeMessageModuleCallError = 6000270
    /// ZIMErrorCodeMessageModuleCancelCallError (6000271): cancelling failed because the invitee already accepted.
    case ZIMErrorCodeMessageModuleCancelCallError = 6000271
    /// ZIMErrorCodeMessageModuleCallServerError (6000272): the invitation failed: more than 9 invitees, more than 10 participants in an advanced call, or a backend error.
    case ZIMErrorCodeMessageModuleCallServerError = 6000272
    /// ZIMErrorCodeMessageModuleIsNotInvitor (6000273): the operation (e.g. cancel) may only be performed by the inviter.
    case ZIMErrorCodeMessageModuleIsNotInvitor = 6000273
    /// ZIMErrorCodeMessageModuleIsNotInvitee (6000274): accept or reject from a user who was not invited.
    case ZIMErrorCodeMessageModuleIsNotInvitee = 6000274
    /// ZIMErrorCodeMessageModuleCallAlreadyExists (6000275): the callID already exists.
    case ZIMErrorCodeMessageModuleCallAlreadyExists = 6000275
    /// ZIMErrorCodeMessageModuleCallDoseNotExist (6000276, "Dose" sic): the callID does not exist or has expired.
    case ZIMErrorCodeMessageModuleCallDoseNotExist = 6000276
    /// ZIMErrorCodeMessageModuleReceiptReadError (6000277): setting the message receipt read failed.
    case ZIMErrorCodeMessageModuleReceiptReadError = 6000277
    /// ZIMErrorCodeMessageModuleMessageExceedsRevokeTime (6000278): the message can no longer be revoked.
    case ZIMErrorCodeMessageModuleMessageExceedsRevokeTime = 6000278
    /// ZIMErrorCodeMessageModuleMessageHasBeenRevoked (6000279): the message was already revoked.
    case ZIMErrorCodeMessageModuleMessageHasBeenRevoked = 6000279
    /// ZIMErrorCodeMessageModuleMessageReactionTypeExisted (6000280): the reaction was already added or removed.
    case ZIMErrorCodeMessageModuleMessageReactionTypeExisted = 6000280
    /// ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist (6000281): none of the invitees is registered.
    case ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist = 6000281
    /// ZIMErrorCodeMessageModuleMessageReceiptLimit (6000282): more than 10 messages set read at once.
    case ZIMErrorCodeMessageModuleMessageReceiptLimit = 6000282
    /// ZIMErrorCodeMessageModuleUserAlreadyInTheCall (6000283): `callJoin` from a device that is already the primary device in the advanced call.
    case ZIMErrorCodeMessageModuleUserAlreadyInTheCall = 6000283
    /// ZIMErrorCodeMessageModuleSenderInBlacklist (6000284): the recipient blocked the sender.
    case ZIMErrorCodeMessageModuleSenderInBlacklist = 6000284
    /// ZIMErrorCodeMessageModuleNoCorrespondingOperationAuthority (6000285): no permission for the operation (e.g. editing someone else's message).
    case ZIMErrorCodeMessageModuleNoCorrespondingOperationAuthority = 6000285
    /// ZIMErrorCodeMessageModuleMessageExceedsEditTime (6000286): the message edit time was exceeded; also returned when
    /// `callingInvite`, `callJoin`, `callQuit` or `callEnd` gets the callID of a general-mode call
    /// (docs/ZIM.md, "Error code 6000286").
    case ZIMErrorCodeMessageModuleMessageExceedsEditTime = 6000286

    // MARK: Room module (6000301–6000357)

    /// ZIMErrorCodeRoomModuleCommonError (6000301): room operation failed (generic).
    case ZIMErrorCodeRoomModuleCommonError = 6000301
    /// ZIMErrorCodeRoomModuleServerError (6000302): room operation failed: internal error.
    case ZIMErrorCodeRoomModuleServerError = 6000302
    /// ZIMErrorCodeRoomModuleCreateRoomError (6000303): creating the room failed.
    case ZIMErrorCodeRoomModuleCreateRoomError = 6000303
    /// ZIMErrorCodeRoomModuleJoinRoomError (6000304): joining the room failed.
    case ZIMErrorCodeRoomModuleJoinRoomError = 6000304
    /// ZIMErrorCodeRoomModuleLeaveRoomError (6000306): leaving the room failed.
    case ZIMErrorCodeRoomModuleLeaveRoomError = 6000306
    /// ZIMErrorCodeRoomModuleRoomMemberQueryFailed (6000310): querying the room members failed.
    case ZIMErrorCodeRoomModuleRoomMemberQueryFailed = 6000310
    /// ZIMErrorCodeRoomModuleRoomMemberQueryFailedCompletely (6000311): querying the room members failed completely.
    case ZIMErrorCodeRoomModuleRoomMemberQueryFailedCompletely = 6000311
    /// ZIMErrorCodeRoomModuleUserIsAlreadyInTheRoom (6000320): the user is already in the room.
    case ZIMErrorCodeRoomModuleUserIsAlreadyInTheRoom = 6000320
    /// ZIMErrorCodeRoomModuleUserIsNotInTheRoom (6000321): the user is not in the room.
    case ZIMErrorCodeRoomModuleUserIsNotInTheRoom = 6000321
    /// ZIMErrorCodeRoomModuleTheRoomDoseNotExist (6000322, "Dose" sic): the room does not exist.
    case ZIMErrorCodeRoomModuleTheRoomDoseNotExist = 6000322
    /// ZIMErrorCodeRoomModuleTheRoomAlreadyExists (6000323): the room already exists.
    case ZIMErrorCodeRoomModuleTheRoomAlreadyExists = 6000323
    /// ZIMErrorCodeRoomModuleTheNumberOfExistingRoomsHasReachedLimit (6000324): the number of rooms reached its limit.
    case ZIMErrorCodeRoomModuleTheNumberOfExistingRoomsHasReachedLimit = 6000324
    /// ZIMErrorCodeRoomModuleTheNumberOfJoinedRoomsHasReachedLimit (6000325): the number of joined rooms reached its limit.
    case ZIMErrorCodeRoomModuleTheNumberOfJoinedRoomsHasReachedLimit = 6000325
    /// ZIMErrorCodeRoomModuleTheRoomIsConnecting (6000326): the room is still connecting.
    case ZIMErrorCodeRoomModuleTheRoomIsConnecting = 6000326
    /// ZIMErrorCodeRoomModuleRoomAttributesCommonError (6000330): room attribute error.
    case ZIMErrorCodeRoomModuleRoomAttributesCommonError = 6000330
    /// ZIMErrorCodeRoomModuleRoomAttributesOperationFailedCompletely (6000331): the room attribute operation failed completely.
    case ZIMErrorCodeRoomModuleRoomAttributesOperationFailedCompletely = 6000331
    /// ZIMErrorCodeRoomModuleRoomAttributesOperationFailedPartly (6000332): the room attribute operation failed in part.
    case ZIMErrorCodeRoomModuleRoomAttributesOperationFailedPartly = 6000332
    /// ZIMErrorCodeRoomModuleRoomAttributesQueryFailed (6000333): querying the room attributes failed.
    case ZIMErrorCodeRoomModuleRoomAttributesQueryFailed = 6000333
    /// ZIMErrorCodeRoomModuleTheNumberOfRoomAttributesExceedsLimit (6000334): too many room attributes.
    case ZIMErrorCodeRoomModuleTheNumberOfRoomAttributesExceedsLimit = 6000334
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeKeyExceedsLimit (6000335): a room attribute key is too long.
    case ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeKeyExceedsLimit = 6000335
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeValueExceedsLimit (6000336): a room attribute value is too long.
    case ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeValueExceedsLimit = 6000336
    /// ZIMErrorCodeRoomModuleTheTotalLengthOfRoomAttributesValueExceedsLimit (6000337): the room attribute values are too long in total.
    case ZIMErrorCodeRoomModuleTheTotalLengthOfRoomAttributesValueExceedsLimit = 6000337
    /// ZIMErrorCodeRoomModuleRoomMemberAttributesCommonError (6000350): room member attribute error.
    case ZIMErrorCodeRoomModuleRoomMemberAttributesCommonError = 6000350
    /// ZIMErrorCodeRoomModuleTheTotalLengthOfRoomMemberAttributesExceedsLimit (6000351): a member's room attributes are too long in total.
    case ZIMErrorCodeRoomModuleTheTotalLengthOfRoomMemberAttributesExceedsLimit = 6000351
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesKeyExceedsLimit (6000352): a room member attribute key is too long.
    case ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesKeyExceedsLimit = 6000352
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesValueExceedsLimit (6000353): a room member attribute value is too long.
    case ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesValueExceedsLimit = 6000353
    /// ZIMErrorCodeRoomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit (6000357): too many members with room attributes.
    case ZIMErrorCodeRoomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit = 6000357

    // MARK: Offline push (ZPNs) module (6000401)

    /// ZIMErrorCodeZPNSModulePushIDInvalid (6000401): the push ID is invalid.
    case ZIMErrorCodeZPNSModulePushIDInvalid = 6000401

    // MARK: Group module (6000501–6000542)

    /// ZIMErrorCodeGroupModuleCommonError (6000501): group operation failed (generic).
    case ZIMErrorCodeGroupModuleCommonError = 6000501
    /// ZIMErrorCodeGroupModuleServerError (6000502): group operation failed: internal error.
    case ZIMErrorCodeGroupModuleServerError = 6000502
    /// ZIMErrorCodeGroupModuleCreateGroupError (6000503): creating the group failed.
    case ZIMErrorCodeGroupModuleCreateGroupError = 6000503
    /// ZIMErrorCodeGroupModuleDismissGroupError (6000504): dismissing the group failed.
    case ZIMErrorCodeGroupModuleDismissGroupError = 6000504
    /// ZIMErrorCodeGroupModuleJoinGroupError (6000505): joining the group failed.
    case ZIMErrorCodeGroupModuleJoinGroupError = 6000505
    /// ZIMErrorCodeGroupModuleLeaveGroupError (6000506): leaving the group failed.
    case ZIMErrorCodeGroupModuleLeaveGroupError = 6000506
    /// ZIMErrorCodeGroupModuleKickoutGroupMemberError (6000507): removing the group member failed.
    case ZIMErrorCodeGroupModuleKickoutGroupMemberError = 6000507
    /// ZIMErrorCodeGroupModuleInviteUserIntoGroupError (6000508): inviting users into the group failed.
    case ZIMErrorCodeGroupModuleInviteUserIntoGroupError = 6000508
    /// ZIMErrorCodeGroupModuleTransferOwnerError (6000509): transferring the group owner failed.
    case ZIMErrorCodeGroupModuleTransferOwnerError = 6000509
    /// ZIMErrorCodeGroupModuleUpdateGroupInfoError (6000510): updating the group information failed.
    case ZIMErrorCodeGroupModuleUpdateGroupInfoError = 6000510
    /// ZIMErrorCodeGroupModuleQueryGroupInfoError (6000511): querying the group information failed.
    case ZIMErrorCodeGroupModuleQueryGroupInfoError = 6000511
    /// ZIMErrorCodeGroupModuleGroupAttributesOperationFailed (6000512): the group attribute operation failed.
    case ZIMErrorCodeGroupModuleGroupAttributesOperationFailed = 6000512
    /// ZIMErrorCodeGroupModuleGroupAttributesQueryFailed (6000513): querying the group attributes failed.
    case ZIMErrorCodeGroupModuleGroupAttributesQueryFailed = 6000513
    /// ZIMErrorCodeGroupModuleUpdateGroupMemberInfoError (6000514): updating the group member information failed.
    case ZIMErrorCodeGroupModuleUpdateGroupMemberInfoError = 6000514
    /// ZIMErrorCodeGroupModuleQueryGroupMemberInfoError (6000515): querying the group member information failed.
    case ZIMErrorCodeGroupModuleQueryGroupMemberInfoError = 6000515
    /// ZIMErrorCodeGroupModuleQueryGroupListError (6000516): querying the group list failed.
    case ZIMErrorCodeGroupModuleQueryGroupListError = 6000516
    /// ZIMErrorCodeGroupModuleQueryGroupMemberListError (6000517): querying the group member list failed.
    case ZIMErrorCodeGroupModuleQueryGroupMemberListError = 6000517
    /// ZIMErrorCodeGroupModuleUserIsNotInTheGroup (6000521): the user is not in the group.
    case ZIMErrorCodeGroupModuleUserIsNotInTheGroup = 6000521
    /// ZIMErrorCodeGroupModuleMemberIsAlreadyInTheGroup (6000522): the member is already in the group.
    case ZIMErrorCodeGroupModuleMemberIsAlreadyInTheGroup = 6000522
    /// ZIMErrorCodeGroupModuleGroupDoseNotExist (6000523, "Dose" sic): the group does not exist.
    case ZIMErrorCodeGroupModuleGroupDoseNotExist = 6000523
    /// ZIMErrorCodeGroupModuleGroupAlreadyExists (6000524): the group already exists.
    case ZIMErrorCodeGroupModuleGroupAlreadyExists = 6000524
    /// ZIMErrorCodeGroupModuleGroupMemberHasReachedLimit (6000525): the group is full.
    case ZIMErrorCodeGroupModuleGroupMemberHasReachedLimit = 6000525
    /// ZIMErrorCodeGroupModuleGroupAttributeDoseNotExist (6000526, "Dose" sic): the group attribute does not exist.
    case ZIMErrorCodeGroupModuleGroupAttributeDoseNotExist = 6000526
    /// ZIMErrorCodeGroupModuleGroupWithDismissed (6000527): the groupID belongs to a dismissed group.
    case ZIMErrorCodeGroupModuleGroupWithDismissed = 6000527
    /// ZIMErrorCodeGroupModuleTheNumberOfGroupAttributesExceedsLimit (6000531): too many group attributes.
    case ZIMErrorCodeGroupModuleTheNumberOfGroupAttributesExceedsLimit = 6000531
    /// ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeKeyExceedsLimit (6000532): a group attribute key is too long.
    case ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeKeyExceedsLimit = 6000532
    /// ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeValueExceedsLimit (6000533): a group attribute value is too long.
    case ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeValueExceedsLimit = 6000533
    /// ZIMErrorCodeGroupModuleTheTotalLengthOfGroupAttributeValueExceedsLimit (6000534): the group attribute values are too long in total.
    case ZIMErrorCodeGroupModuleTheTotalLengthOfGroupAttributeValueExceedsLimit = 6000534
    /// ZIMErrorCodeGroupModuleNoCorrespondingOperationAuthority (6000541): no permission for the group operation.
    case ZIMErrorCodeGroupModuleNoCorrespondingOperationAuthority = 6000541
    /// ZIMErrorCodeGroupModuleGroupDataBaseError (6000542): group database error.
    case ZIMErrorCodeGroupModuleGroupDataBaseError = 6000542

    // MARK: Conversation module (6000601–6000604)

    /// ZIMErrorCodeConversationModuleCommonError (6000601): conversation operation failed (generic).
    case ZIMErrorCodeConversationModuleCommonError = 6000601
    /// ZIMErrorCodeConversationModuleServerError (6000602): conversation operation failed: internal error.
    case ZIMErrorCodeConversationModuleServerError = 6000602
    /// ZIMErrorCodeConversationModuleConversationDoseNotExist (6000603, "Dose" sic): the conversation does not exist.
    case ZIMErrorCodeConversationModuleConversationDoseNotExist = 6000603
    /// ZIMErrorCodeConversationModuleConversationPinnedListReachedLimit (6000604): the pinned conversation list is full.
    case ZIMErrorCodeConversationModuleConversationPinnedListReachedLimit = 6000604

    // MARK: Local database module (6000701–6000704)

    /// ZIMErrorCodeDataBaseModuleOpenDataBaseError (6000701): opening the local database failed.
    case ZIMErrorCodeDataBaseModuleOpenDataBaseError = 6000701
    /// ZIMErrorCodeDataBaseModuleModifyDataBaseError (6000702): modifying the local database failed.
    case ZIMErrorCodeDataBaseModuleModifyDataBaseError = 6000702
    /// ZIMErrorCodeDataBaseModuleDeleteDataBaseError (6000703): deleting from the local database failed.
    case ZIMErrorCodeDataBaseModuleDeleteDataBaseError = 6000703
    /// ZIMErrorCodeDataBaseModuleSeleteDataBaseError (6000704): selecting from the local database failed.
    case ZIMErrorCodeDataBaseModuleSeleteDataBaseError = 6000704

    // MARK: Friend and blocklist module (6000801–6000816)

    /// ZIMErrorCodeFriendModuleFriendsNumLimit (6000801): the friend list is full.
    case ZIMErrorCodeFriendModuleFriendsNumLimit = 6000801
    /// ZIMErrorCodeFriendModuleFriend_application_status_error (6000802): the friend application was already accepted or rejected.
    case ZIMErrorCodeFriendModuleFriend_application_status_error = 6000802
    /// ZIMErrorCodeFriendModuleIsAlreadyYourFriend (6000803): the user is already a friend.
    case ZIMErrorCodeFriendModuleIsAlreadyYourFriend = 6000803
    /// ZIMErrorCodeFriendModuleAlreadyAddToBlacklist (6000804): the user is already blocked.
    case ZIMErrorCodeFriendModuleAlreadyAddToBlacklist = 6000804
    /// ZIMErrorCodeFriendModuleCannotAddSelfToBlacklist (6000805): blocking oneself is not supported.
    case ZIMErrorCodeFriendModuleCannotAddSelfToBlacklist = 6000805
    /// ZIMErrorCodeFriendModuleAlreadyDeleteFromBlacklist (6000806): the user was already removed from the blocklist.
    case ZIMErrorCodeFriendModuleAlreadyDeleteFromBlacklist = 6000806
    /// ZIMErrorCodeFriendModuleUserNotInBlacklist (6000807): the user is not blocked.
    case ZIMErrorCodeFriendModuleUserNotInBlacklist = 6000807
    /// ZIMErrorCodeFriendModuleBlacklistListQuantityLimit (6000808): the blocklist is full.
    case ZIMErrorCodeFriendModuleBlacklistListQuantityLimit = 6000808
    /// ZIMErrorCodeFriendModuleFriendOperationLimitExceeded (6000809): too many friends in one operation.
    case ZIMErrorCodeFriendModuleFriendOperationLimitExceeded = 6000809
    /// ZIMErrorCodeFriendModuleCannotAddSelfToFriendList (6000810): adding oneself as a friend is not supported.
    case ZIMErrorCodeFriendModuleCannotAddSelfToFriendList = 6000810
    /// ZIMErrorCodeFriendModuleFriendAreUnregistered (6000811): the friend is not registered.
    case ZIMErrorCodeFriendModuleFriendAreUnregistered = 6000811
    /// ZIMErrorCodeFriendModuleNotYourFriend (6000812): the user is not a friend.
    case ZIMErrorCodeFriendModuleNotYourFriend = 6000812
    /// ZIMErrorCodeFriendModuleCannotDeleteSelf (6000813): deleting oneself is not supported.
    case ZIMErrorCodeFriendModuleCannotDeleteSelf = 6000813
    /// ZIMErrorCodeFriendModuleFriendApplicationExpired (6000814): the friend application has expired.
    case ZIMErrorCodeFriendModuleFriendApplicationExpired = 6000814
    /// ZIMErrorCodeFriendModuleAddBlacklistFail (6000815): blocking the user failed (see each `ZIMErrorUserInfo.reason`).
    case ZIMErrorCodeFriendModuleAddBlacklistFail = 6000815
    /// ZIMErrorCodeFriendModuleDelBlacklistFail (6000816): unblocking the user failed (see each `ZIMErrorUserInfo.reason`).
    case ZIMErrorCodeFriendModuleDelBlacklistFail = 6000816
}
