// MARK: - Pre-2024 spellings

/// The lowercase case names of older ZIM builds, whose header had no `Zim…` case and so had the common
/// `ZIMErrorCode` prefix stripped by the importer (docs/ZIM.md, "Error-code case names"). One alias per
/// case of the header, except `ZimErrorCodeMessageModuleCacheFileJsonParseFailed`, which those builds
/// did not have.
extension ZIMErrorCode {
    /// ZIMErrorCodeSuccess (0) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeSuccess")
    public static let success = ZIMErrorCode.ZIMErrorCodeSuccess
    /// ZIMErrorCodeFailed (1) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFailed")
    public static let failed = ZIMErrorCode.ZIMErrorCodeFailed
    /// ZIMErrorCodeCommonModuleParamsInvalid (6000001) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleParamsInvalid")
    public static let commonModuleParamsInvalid = ZIMErrorCode.ZIMErrorCodeCommonModuleParamsInvalid
    /// ZIMErrorCodeCommonModuleEngineNotInit (6000002) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleEngineNotInit")
    public static let commonModuleEngineNotInit = ZIMErrorCode.ZIMErrorCodeCommonModuleEngineNotInit
    /// ZIMErrorCodeCommonModuleInvalidAppID (6000003) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleInvalidAppID")
    public static let commonModuleInvalidAppID = ZIMErrorCode.ZIMErrorCodeCommonModuleInvalidAppID
    /// ZIMErrorCodeCommonModuleTriggerSDKFrequencyLimit (6000004) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleTriggerSDKFrequencyLimit")
    public static let commonModuleTriggerSDKFrequencyLimit = ZIMErrorCode.ZIMErrorCodeCommonModuleTriggerSDKFrequencyLimit
    /// ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit (6000005) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit")
    public static let commonModuleTriggerServerFrequencyLimit = ZIMErrorCode.ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit
    /// ZIMErrorCodeCommonModuleSwitchServerError (6000006) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleSwitchServerError")
    public static let commonModuleSwitchServerError = ZIMErrorCode.ZIMErrorCodeCommonModuleSwitchServerError
    /// ZIMErrorCodeCommonModuleIMServerError (6000007) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleIMServerError")
    public static let commonModuleIMServerError = ZIMErrorCode.ZIMErrorCodeCommonModuleIMServerError
    /// ZIMErrorCodeCommonModuleIMDataBaseError (6000008) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleIMDataBaseError")
    public static let commonModuleIMDataBaseError = ZIMErrorCode.ZIMErrorCodeCommonModuleIMDataBaseError
    /// ZIMErrorCodeCommonModuleImServerDisconnect (6000009) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleImServerDisconnect")
    public static let commonModuleImServerDisconnect = ZIMErrorCode.ZIMErrorCodeCommonModuleImServerDisconnect
    /// ZIMErrorCodeCommonModuleUploadLogError (6000010) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleUploadLogError")
    public static let commonModuleUploadLogError = ZIMErrorCode.ZIMErrorCodeCommonModuleUploadLogError
    /// ZIMErrorCodeCommonModuleUserIsNotExist (6000011) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleUserIsNotExist")
    public static let commonModuleUserIsNotExist = ZIMErrorCode.ZIMErrorCodeCommonModuleUserIsNotExist
    /// ZIMErrorCodeCommonModuleUserInfoQueriedLimit (6000012) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleUserInfoQueriedLimit")
    public static let commonModuleUserInfoQueriedLimit = ZIMErrorCode.ZIMErrorCodeCommonModuleUserInfoQueriedLimit
    /// ZIMErrorCodeCommonModuleUnsupportedRequest (6000013) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleUnsupportedRequest")
    public static let commonModuleUnsupportedRequest = ZIMErrorCode.ZIMErrorCodeCommonModuleUnsupportedRequest
    /// ZIMErrorCodeCommonModuleExceedDAULimit (6000015) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleExceedDAULimit")
    public static let commonModuleExceedDAULimit = ZIMErrorCode.ZIMErrorCodeCommonModuleExceedDAULimit
    /// ZIMErrorCodeCommonModuleExceedMAULimit (6000016) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleExceedMAULimit")
    public static let commonModuleExceedMAULimit = ZIMErrorCode.ZIMErrorCodeCommonModuleExceedMAULimit
    /// ZIMErrorCodeNetworkModuleCommonError (6000101) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleCommonError")
    public static let networkModuleCommonError = ZIMErrorCode.ZIMErrorCodeNetworkModuleCommonError
    /// ZIMErrorCodeNetworkModuleServerError (6000102) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleServerError")
    public static let networkModuleServerError = ZIMErrorCode.ZIMErrorCodeNetworkModuleServerError
    /// ZIMErrorCodeNetworkModuleTokenInvalid (6000103) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleTokenInvalid")
    public static let networkModuleTokenInvalid = ZIMErrorCode.ZIMErrorCodeNetworkModuleTokenInvalid
    /// ZIMErrorCodeNetworkModuleNetworkError (6000104) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleNetworkError")
    public static let networkModuleNetworkError = ZIMErrorCode.ZIMErrorCodeNetworkModuleNetworkError
    /// ZIMErrorCodeNetworkModuleRequestTimeout (6000105) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleRequestTimeout")
    public static let networkModuleRequestTimeout = ZIMErrorCode.ZIMErrorCodeNetworkModuleRequestTimeout
    /// ZIMErrorCodeNetworkModuleTokenExpired (6000106) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleTokenExpired")
    public static let networkModuleTokenExpired = ZIMErrorCode.ZIMErrorCodeNetworkModuleTokenExpired
    /// ZIMErrorCodeNetworkModuleTokenVersionError (6000107) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleTokenVersionError")
    public static let networkModuleTokenVersionError = ZIMErrorCode.ZIMErrorCodeNetworkModuleTokenVersionError
    /// ZIMErrorCodeNetworkModuleTokenTimeIsTooShort (6000108) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleTokenTimeIsTooShort")
    public static let networkModuleTokenTimeIsTooShort = ZIMErrorCode.ZIMErrorCodeNetworkModuleTokenTimeIsTooShort
    /// ZIMErrorCodeNetworkModuleUserHasAlreadyLogged (6000111) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserHasAlreadyLogged")
    public static let networkModuleUserHasAlreadyLogged = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged
    /// ZIMErrorCodeNetworkModuleUserIsNotLogged (6000121) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserIsNotLogged")
    public static let networkModuleUserIsNotLogged = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserIsNotLogged
    /// ZIMErrorCodeNetworkModuleUserHasAlreadyLoggedOut (6000122) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserHasAlreadyLoggedOut")
    public static let networkModuleUserHasAlreadyLoggedOut = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserHasAlreadyLoggedOut
    /// ZIMErrorCodeNetworkModuleUserOffline (6000123) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserOffline")
    public static let networkModuleUserOffline = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserOffline
    /// ZIMErrorCodeNetworkModuleUserIDError (6000124) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserIDError")
    public static let networkModuleUserIDError = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserIDError
    /// ZIMErrorCodeMessageModuleCommonError (6000201) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCommonError")
    public static let messageModuleCommonError = ZIMErrorCode.ZIMErrorCodeMessageModuleCommonError
    /// ZIMErrorCodeMessageModuleServerError (6000202) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleServerError")
    public static let messageModuleServerError = ZIMErrorCode.ZIMErrorCodeMessageModuleServerError
    /// ZIMErrorCodeMessageModuleSendMessageFailed (6000203) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleSendMessageFailed")
    public static let messageModuleSendMessageFailed = ZIMErrorCode.ZIMErrorCodeMessageModuleSendMessageFailed
    /// ZIMErrorCodeMessageModuleTargetDoseNotExist (6000204) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleTargetDoseNotExist")
    public static let messageModuleTargetDoseNotExist = ZIMErrorCode.ZIMErrorCodeMessageModuleTargetDoseNotExist
    /// ZIMErrorCodeMessageModuleFileError (6000210) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileError")
    public static let messageModuleFileError = ZIMErrorCode.ZIMErrorCodeMessageModuleFileError
    /// ZIMErrorCodeMessageModuleFileNotExist (6000211) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileNotExist")
    public static let messageModuleFileNotExist = ZIMErrorCode.ZIMErrorCodeMessageModuleFileNotExist
    /// ZIMErrorCodeMessageModuleFileServerError (6000212) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileServerError")
    public static let messageModuleFileServerError = ZIMErrorCode.ZIMErrorCodeMessageModuleFileServerError
    /// ZIMErrorCodeMessageModuleFileTypeUnsupported (6000213) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileTypeUnsupported")
    public static let messageModuleFileTypeUnsupported = ZIMErrorCode.ZIMErrorCodeMessageModuleFileTypeUnsupported
    /// ZIMErrorCodeMessageModuleFileSizeInvalid (6000214) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileSizeInvalid")
    public static let messageModuleFileSizeInvalid = ZIMErrorCode.ZIMErrorCodeMessageModuleFileSizeInvalid
    /// ZIMErrorCodeMessageModuleFileDurationInvalid (6000215) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileDurationInvalid")
    public static let messageModuleFileDurationInvalid = ZIMErrorCode.ZIMErrorCodeMessageModuleFileDurationInvalid
    /// ZIMErrorCodeMessageModuleFilePermissionDenied (6000216) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFilePermissionDenied")
    public static let messageModuleFilePermissionDenied = ZIMErrorCode.ZIMErrorCodeMessageModuleFilePermissionDenied
    /// ZIMErrorCodeMessageModuleFileDownloadFailed (6000217) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileDownloadFailed")
    public static let messageModuleFileDownloadFailed = ZIMErrorCode.ZIMErrorCodeMessageModuleFileDownloadFailed
    /// ZIMErrorCodeMessageModuleFileDownloadLimit (6000218) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileDownloadLimit")
    public static let messageModuleFileDownloadLimit = ZIMErrorCode.ZIMErrorCodeMessageModuleFileDownloadLimit
    /// ZIMErrorCodeMessageModuleFileDownloadUrlNotFound (6000219) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileDownloadUrlNotFound")
    public static let messageModuleFileDownloadUrlNotFound = ZIMErrorCode.ZIMErrorCodeMessageModuleFileDownloadUrlNotFound
    /// ZIMErrorCodeMessageModuleFileDownloadHttpRequestServerError (6000220) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleFileDownloadHttpRequestServerError")
    public static let messageModuleFileDownloadHttpRequestServerError = ZIMErrorCode.ZIMErrorCodeMessageModuleFileDownloadHttpRequestServerError
    /// ZIMErrorCodeMessageModuleAuditRejected (6000221) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleAuditRejected")
    public static let messageModuleAuditRejected = ZIMErrorCode.ZIMErrorCodeMessageModuleAuditRejected
    /// ZIMErrorCodeMessageModuleAuditFailed (6000222) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleAuditFailed")
    public static let messageModuleAuditFailed = ZIMErrorCode.ZIMErrorCodeMessageModuleAuditFailed
    /// ZIMErrorCodeMessageModuleAuditCustomSentRejected (6000230) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleAuditCustomSentRejected")
    public static let messageModuleAuditCustomSentRejected = ZIMErrorCode.ZIMErrorCodeMessageModuleAuditCustomSentRejected
    /// ZIMErrorCodeMessageModuleMuted (6000231) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMuted")
    public static let messageModuleMuted = ZIMErrorCode.ZIMErrorCodeMessageModuleMuted
    /// ZIMErrorCodeMessageModuleCacheFileOpenFailed (6000240) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCacheFileOpenFailed")
    public static let messageModuleCacheFileOpenFailed = ZIMErrorCode.ZIMErrorCodeMessageModuleCacheFileOpenFailed
    /// ZIMErrorCodeMessageModuleCacheFileExportOrImportIsInProgressCurrently (6000241) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCacheFileExportOrImportIsInProgressCurrently")
    public static let messageModuleCacheFileExportOrImportIsInProgressCurrently = ZIMErrorCode.ZIMErrorCodeMessageModuleCacheFileExportOrImportIsInProgressCurrently
    /// ZIMErrorCodeMessageModuleCacheFileOnlyCanImportCacheOfOneself (6000242) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCacheFileOnlyCanImportCacheOfOneself")
    public static let messageModuleCacheFileOnlyCanImportCacheOfOneself = ZIMErrorCode.ZIMErrorCodeMessageModuleCacheFileOnlyCanImportCacheOfOneself
    /// ZIMErrorCodeMessageModuleCacheFileExportFailed (6000243) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCacheFileExportFailed")
    public static let messageModuleCacheFileExportFailed = ZIMErrorCode.ZIMErrorCodeMessageModuleCacheFileExportFailed
    /// ZIMErrorCodeMessageModuleCacheFileImportFailed (6000244) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCacheFileImportFailed")
    public static let messageModuleCacheFileImportFailed = ZIMErrorCode.ZIMErrorCodeMessageModuleCacheFileImportFailed
    /// ZIMErrorCodeMessageModuleCallError (6000270) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallError")
    public static let messageModuleCallError = ZIMErrorCode.ZIMErrorCodeMessageModuleCallError
    /// ZIMErrorCodeMessageModuleCancelCallError (6000271) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCancelCallError")
    public static let messageModuleCancelCallError = ZIMErrorCode.ZIMErrorCodeMessageModuleCancelCallError
    /// ZIMErrorCodeMessageModuleCallServerError (6000272) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallServerError")
    public static let messageModuleCallServerError = ZIMErrorCode.ZIMErrorCodeMessageModuleCallServerError
    /// ZIMErrorCodeMessageModuleIsNotInvitor (6000273) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleIsNotInvitor")
    public static let messageModuleIsNotInvitor = ZIMErrorCode.ZIMErrorCodeMessageModuleIsNotInvitor
    /// ZIMErrorCodeMessageModuleIsNotInvitee (6000274) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleIsNotInvitee")
    public static let messageModuleIsNotInvitee = ZIMErrorCode.ZIMErrorCodeMessageModuleIsNotInvitee
    /// ZIMErrorCodeMessageModuleCallAlreadyExists (6000275) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallAlreadyExists")
    public static let messageModuleCallAlreadyExists = ZIMErrorCode.ZIMErrorCodeMessageModuleCallAlreadyExists
    /// ZIMErrorCodeMessageModuleCallDoseNotExist (6000276) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallDoseNotExist")
    public static let messageModuleCallDoseNotExist = ZIMErrorCode.ZIMErrorCodeMessageModuleCallDoseNotExist
    /// ZIMErrorCodeMessageModuleReceiptReadError (6000277) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleReceiptReadError")
    public static let messageModuleReceiptReadError = ZIMErrorCode.ZIMErrorCodeMessageModuleReceiptReadError
    /// ZIMErrorCodeMessageModuleMessageExceedsRevokeTime (6000278) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMessageExceedsRevokeTime")
    public static let messageModuleMessageExceedsRevokeTime = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageExceedsRevokeTime
    /// ZIMErrorCodeMessageModuleMessageHasBeenRevoked (6000279) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMessageHasBeenRevoked")
    public static let messageModuleMessageHasBeenRevoked = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageHasBeenRevoked
    /// ZIMErrorCodeMessageModuleMessageReactionTypeExisted (6000280) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMessageReactionTypeExisted")
    public static let messageModuleMessageReactionTypeExisted = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageReactionTypeExisted
    /// ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist (6000281) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist")
    public static let messageModuleCallInviteUserDoesNotExist = ZIMErrorCode.ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist
    /// ZIMErrorCodeMessageModuleMessageReceiptLimit (6000282) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMessageReceiptLimit")
    public static let messageModuleMessageReceiptLimit = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageReceiptLimit
    /// ZIMErrorCodeMessageModuleUserAlreadyInTheCall (6000283) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleUserAlreadyInTheCall")
    public static let messageModuleUserAlreadyInTheCall = ZIMErrorCode.ZIMErrorCodeMessageModuleUserAlreadyInTheCall
    /// ZIMErrorCodeMessageModuleSenderInBlacklist (6000284) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleSenderInBlacklist")
    public static let messageModuleSenderInBlacklist = ZIMErrorCode.ZIMErrorCodeMessageModuleSenderInBlacklist
    /// ZIMErrorCodeMessageModuleNoCorrespondingOperationAuthority (6000285) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleNoCorrespondingOperationAuthority")
    public static let messageModuleNoCorrespondingOperationAuthority = ZIMErrorCode.ZIMErrorCodeMessageModuleNoCorrespondingOperationAuthority
    /// ZIMErrorCodeMessageModuleMessageExceedsEditTime (6000286) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMessageExceedsEditTime")
    public static let messageModuleMessageExceedsEditTime = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageExceedsEditTime
    /// ZIMErrorCodeRoomModuleCommonError (6000301) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleCommonError")
    public static let roomModuleCommonError = ZIMErrorCode.ZIMErrorCodeRoomModuleCommonError
    /// ZIMErrorCodeRoomModuleServerError (6000302) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleServerError")
    public static let roomModuleServerError = ZIMErrorCode.ZIMErrorCodeRoomModuleServerError
    /// ZIMErrorCodeRoomModuleCreateRoomError (6000303) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleCreateRoomError")
    public static let roomModuleCreateRoomError = ZIMErrorCode.ZIMErrorCodeRoomModuleCreateRoomError
    /// ZIMErrorCodeRoomModuleJoinRoomError (6000304) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleJoinRoomError")
    public static let roomModuleJoinRoomError = ZIMErrorCode.ZIMErrorCodeRoomModuleJoinRoomError
    /// ZIMErrorCodeRoomModuleLeaveRoomError (6000306) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleLeaveRoomError")
    public static let roomModuleLeaveRoomError = ZIMErrorCode.ZIMErrorCodeRoomModuleLeaveRoomError
    /// ZIMErrorCodeRoomModuleRoomMemberQueryFailed (6000310) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomMemberQueryFailed")
    public static let roomModuleRoomMemberQueryFailed = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomMemberQueryFailed
    /// ZIMErrorCodeRoomModuleRoomMemberQueryFailedCompletely (6000311) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomMemberQueryFailedCompletely")
    public static let roomModuleRoomMemberQueryFailedCompletely = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomMemberQueryFailedCompletely
    /// ZIMErrorCodeRoomModuleUserIsAlreadyInTheRoom (6000320) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleUserIsAlreadyInTheRoom")
    public static let roomModuleUserIsAlreadyInTheRoom = ZIMErrorCode.ZIMErrorCodeRoomModuleUserIsAlreadyInTheRoom
    /// ZIMErrorCodeRoomModuleUserIsNotInTheRoom (6000321) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleUserIsNotInTheRoom")
    public static let roomModuleUserIsNotInTheRoom = ZIMErrorCode.ZIMErrorCodeRoomModuleUserIsNotInTheRoom
    /// ZIMErrorCodeRoomModuleTheRoomDoseNotExist (6000322) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheRoomDoseNotExist")
    public static let roomModuleTheRoomDoseNotExist = ZIMErrorCode.ZIMErrorCodeRoomModuleTheRoomDoseNotExist
    /// ZIMErrorCodeRoomModuleTheRoomAlreadyExists (6000323) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheRoomAlreadyExists")
    public static let roomModuleTheRoomAlreadyExists = ZIMErrorCode.ZIMErrorCodeRoomModuleTheRoomAlreadyExists
    /// ZIMErrorCodeRoomModuleTheNumberOfExistingRoomsHasReachedLimit (6000324) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheNumberOfExistingRoomsHasReachedLimit")
    public static let roomModuleTheNumberOfExistingRoomsHasReachedLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheNumberOfExistingRoomsHasReachedLimit
    /// ZIMErrorCodeRoomModuleTheNumberOfJoinedRoomsHasReachedLimit (6000325) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheNumberOfJoinedRoomsHasReachedLimit")
    public static let roomModuleTheNumberOfJoinedRoomsHasReachedLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheNumberOfJoinedRoomsHasReachedLimit
    /// ZIMErrorCodeRoomModuleTheRoomIsConnecting (6000326) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheRoomIsConnecting")
    public static let roomModuleTheRoomIsConnecting = ZIMErrorCode.ZIMErrorCodeRoomModuleTheRoomIsConnecting
    /// ZIMErrorCodeRoomModuleRoomAttributesCommonError (6000330) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomAttributesCommonError")
    public static let roomModuleRoomAttributesCommonError = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomAttributesCommonError
    /// ZIMErrorCodeRoomModuleRoomAttributesOperationFailedCompletely (6000331) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomAttributesOperationFailedCompletely")
    public static let roomModuleRoomAttributesOperationFailedCompletely = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomAttributesOperationFailedCompletely
    /// ZIMErrorCodeRoomModuleRoomAttributesOperationFailedPartly (6000332) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomAttributesOperationFailedPartly")
    public static let roomModuleRoomAttributesOperationFailedPartly = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomAttributesOperationFailedPartly
    /// ZIMErrorCodeRoomModuleRoomAttributesQueryFailed (6000333) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomAttributesQueryFailed")
    public static let roomModuleRoomAttributesQueryFailed = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomAttributesQueryFailed
    /// ZIMErrorCodeRoomModuleTheNumberOfRoomAttributesExceedsLimit (6000334) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheNumberOfRoomAttributesExceedsLimit")
    public static let roomModuleTheNumberOfRoomAttributesExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheNumberOfRoomAttributesExceedsLimit
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeKeyExceedsLimit (6000335) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeKeyExceedsLimit")
    public static let roomModuleTheLengthOfRoomAttributeKeyExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeKeyExceedsLimit
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeValueExceedsLimit (6000336) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeValueExceedsLimit")
    public static let roomModuleTheLengthOfRoomAttributeValueExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheLengthOfRoomAttributeValueExceedsLimit
    /// ZIMErrorCodeRoomModuleTheTotalLengthOfRoomAttributesValueExceedsLimit (6000337) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheTotalLengthOfRoomAttributesValueExceedsLimit")
    public static let roomModuleTheTotalLengthOfRoomAttributesValueExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheTotalLengthOfRoomAttributesValueExceedsLimit
    /// ZIMErrorCodeRoomModuleRoomMemberAttributesCommonError (6000350) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleRoomMemberAttributesCommonError")
    public static let roomModuleRoomMemberAttributesCommonError = ZIMErrorCode.ZIMErrorCodeRoomModuleRoomMemberAttributesCommonError
    /// ZIMErrorCodeRoomModuleTheTotalLengthOfRoomMemberAttributesExceedsLimit (6000351) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheTotalLengthOfRoomMemberAttributesExceedsLimit")
    public static let roomModuleTheTotalLengthOfRoomMemberAttributesExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheTotalLengthOfRoomMemberAttributesExceedsLimit
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesKeyExceedsLimit (6000352) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesKeyExceedsLimit")
    public static let roomModuleTheLengthOfRoomMemberAttributesKeyExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesKeyExceedsLimit
    /// ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesValueExceedsLimit (6000353) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesValueExceedsLimit")
    public static let roomModuleTheLengthOfRoomMemberAttributesValueExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheLengthOfRoomMemberAttributesValueExceedsLimit
    /// ZIMErrorCodeRoomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit (6000357) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeRoomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit")
    public static let roomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit = ZIMErrorCode.ZIMErrorCodeRoomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit
    /// ZIMErrorCodeZPNSModulePushIDInvalid (6000401) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeZPNSModulePushIDInvalid")
    public static let zpnsModulePushIDInvalid = ZIMErrorCode.ZIMErrorCodeZPNSModulePushIDInvalid
    /// ZIMErrorCodeGroupModuleCommonError (6000501) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleCommonError")
    public static let groupModuleCommonError = ZIMErrorCode.ZIMErrorCodeGroupModuleCommonError
    /// ZIMErrorCodeGroupModuleServerError (6000502) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleServerError")
    public static let groupModuleServerError = ZIMErrorCode.ZIMErrorCodeGroupModuleServerError
    /// ZIMErrorCodeGroupModuleCreateGroupError (6000503) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleCreateGroupError")
    public static let groupModuleCreateGroupError = ZIMErrorCode.ZIMErrorCodeGroupModuleCreateGroupError
    /// ZIMErrorCodeGroupModuleDismissGroupError (6000504) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleDismissGroupError")
    public static let groupModuleDismissGroupError = ZIMErrorCode.ZIMErrorCodeGroupModuleDismissGroupError
    /// ZIMErrorCodeGroupModuleJoinGroupError (6000505) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleJoinGroupError")
    public static let groupModuleJoinGroupError = ZIMErrorCode.ZIMErrorCodeGroupModuleJoinGroupError
    /// ZIMErrorCodeGroupModuleLeaveGroupError (6000506) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleLeaveGroupError")
    public static let groupModuleLeaveGroupError = ZIMErrorCode.ZIMErrorCodeGroupModuleLeaveGroupError
    /// ZIMErrorCodeGroupModuleKickoutGroupMemberError (6000507) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleKickoutGroupMemberError")
    public static let groupModuleKickoutGroupMemberError = ZIMErrorCode.ZIMErrorCodeGroupModuleKickoutGroupMemberError
    /// ZIMErrorCodeGroupModuleInviteUserIntoGroupError (6000508) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleInviteUserIntoGroupError")
    public static let groupModuleInviteUserIntoGroupError = ZIMErrorCode.ZIMErrorCodeGroupModuleInviteUserIntoGroupError
    /// ZIMErrorCodeGroupModuleTransferOwnerError (6000509) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleTransferOwnerError")
    public static let groupModuleTransferOwnerError = ZIMErrorCode.ZIMErrorCodeGroupModuleTransferOwnerError
    /// ZIMErrorCodeGroupModuleUpdateGroupInfoError (6000510) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleUpdateGroupInfoError")
    public static let groupModuleUpdateGroupInfoError = ZIMErrorCode.ZIMErrorCodeGroupModuleUpdateGroupInfoError
    /// ZIMErrorCodeGroupModuleQueryGroupInfoError (6000511) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleQueryGroupInfoError")
    public static let groupModuleQueryGroupInfoError = ZIMErrorCode.ZIMErrorCodeGroupModuleQueryGroupInfoError
    /// ZIMErrorCodeGroupModuleGroupAttributesOperationFailed (6000512) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupAttributesOperationFailed")
    public static let groupModuleGroupAttributesOperationFailed = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupAttributesOperationFailed
    /// ZIMErrorCodeGroupModuleGroupAttributesQueryFailed (6000513) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupAttributesQueryFailed")
    public static let groupModuleGroupAttributesQueryFailed = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupAttributesQueryFailed
    /// ZIMErrorCodeGroupModuleUpdateGroupMemberInfoError (6000514) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleUpdateGroupMemberInfoError")
    public static let groupModuleUpdateGroupMemberInfoError = ZIMErrorCode.ZIMErrorCodeGroupModuleUpdateGroupMemberInfoError
    /// ZIMErrorCodeGroupModuleQueryGroupMemberInfoError (6000515) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleQueryGroupMemberInfoError")
    public static let groupModuleQueryGroupMemberInfoError = ZIMErrorCode.ZIMErrorCodeGroupModuleQueryGroupMemberInfoError
    /// ZIMErrorCodeGroupModuleQueryGroupListError (6000516) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleQueryGroupListError")
    public static let groupModuleQueryGroupListError = ZIMErrorCode.ZIMErrorCodeGroupModuleQueryGroupListError
    /// ZIMErrorCodeGroupModuleQueryGroupMemberListError (6000517) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleQueryGroupMemberListError")
    public static let groupModuleQueryGroupMemberListError = ZIMErrorCode.ZIMErrorCodeGroupModuleQueryGroupMemberListError
    /// ZIMErrorCodeGroupModuleUserIsNotInTheGroup (6000521) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleUserIsNotInTheGroup")
    public static let groupModuleUserIsNotInTheGroup = ZIMErrorCode.ZIMErrorCodeGroupModuleUserIsNotInTheGroup
    /// ZIMErrorCodeGroupModuleMemberIsAlreadyInTheGroup (6000522) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleMemberIsAlreadyInTheGroup")
    public static let groupModuleMemberIsAlreadyInTheGroup = ZIMErrorCode.ZIMErrorCodeGroupModuleMemberIsAlreadyInTheGroup
    /// ZIMErrorCodeGroupModuleGroupDoseNotExist (6000523) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupDoseNotExist")
    public static let groupModuleGroupDoseNotExist = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupDoseNotExist
    /// ZIMErrorCodeGroupModuleGroupAlreadyExists (6000524) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupAlreadyExists")
    public static let groupModuleGroupAlreadyExists = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupAlreadyExists
    /// ZIMErrorCodeGroupModuleGroupMemberHasReachedLimit (6000525) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupMemberHasReachedLimit")
    public static let groupModuleGroupMemberHasReachedLimit = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupMemberHasReachedLimit
    /// ZIMErrorCodeGroupModuleGroupAttributeDoseNotExist (6000526) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupAttributeDoseNotExist")
    public static let groupModuleGroupAttributeDoseNotExist = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupAttributeDoseNotExist
    /// ZIMErrorCodeGroupModuleGroupWithDismissed (6000527) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupWithDismissed")
    public static let groupModuleGroupWithDismissed = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupWithDismissed
    /// ZIMErrorCodeGroupModuleTheNumberOfGroupAttributesExceedsLimit (6000531) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleTheNumberOfGroupAttributesExceedsLimit")
    public static let groupModuleTheNumberOfGroupAttributesExceedsLimit = ZIMErrorCode.ZIMErrorCodeGroupModuleTheNumberOfGroupAttributesExceedsLimit
    /// ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeKeyExceedsLimit (6000532) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeKeyExceedsLimit")
    public static let groupModuleTheLengthOfGroupAttributeKeyExceedsLimit = ZIMErrorCode.ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeKeyExceedsLimit
    /// ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeValueExceedsLimit (6000533) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeValueExceedsLimit")
    public static let groupModuleTheLengthOfGroupAttributeValueExceedsLimit = ZIMErrorCode.ZIMErrorCodeGroupModuleTheLengthOfGroupAttributeValueExceedsLimit
    /// ZIMErrorCodeGroupModuleTheTotalLengthOfGroupAttributeValueExceedsLimit (6000534) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleTheTotalLengthOfGroupAttributeValueExceedsLimit")
    public static let groupModuleTheTotalLengthOfGroupAttributeValueExceedsLimit = ZIMErrorCode.ZIMErrorCodeGroupModuleTheTotalLengthOfGroupAttributeValueExceedsLimit
    /// ZIMErrorCodeGroupModuleNoCorrespondingOperationAuthority (6000541) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleNoCorrespondingOperationAuthority")
    public static let groupModuleNoCorrespondingOperationAuthority = ZIMErrorCode.ZIMErrorCodeGroupModuleNoCorrespondingOperationAuthority
    /// ZIMErrorCodeGroupModuleGroupDataBaseError (6000542) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeGroupModuleGroupDataBaseError")
    public static let groupModuleGroupDataBaseError = ZIMErrorCode.ZIMErrorCodeGroupModuleGroupDataBaseError
    /// ZIMErrorCodeConversationModuleCommonError (6000601) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeConversationModuleCommonError")
    public static let conversationModuleCommonError = ZIMErrorCode.ZIMErrorCodeConversationModuleCommonError
    /// ZIMErrorCodeConversationModuleServerError (6000602) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeConversationModuleServerError")
    public static let conversationModuleServerError = ZIMErrorCode.ZIMErrorCodeConversationModuleServerError
    /// ZIMErrorCodeConversationModuleConversationDoseNotExist (6000603) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeConversationModuleConversationDoseNotExist")
    public static let conversationModuleConversationDoseNotExist = ZIMErrorCode.ZIMErrorCodeConversationModuleConversationDoseNotExist
    /// ZIMErrorCodeConversationModuleConversationPinnedListReachedLimit (6000604) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeConversationModuleConversationPinnedListReachedLimit")
    public static let conversationModuleConversationPinnedListReachedLimit = ZIMErrorCode.ZIMErrorCodeConversationModuleConversationPinnedListReachedLimit
    /// ZIMErrorCodeDataBaseModuleOpenDataBaseError (6000701) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeDataBaseModuleOpenDataBaseError")
    public static let dataBaseModuleOpenDataBaseError = ZIMErrorCode.ZIMErrorCodeDataBaseModuleOpenDataBaseError
    /// ZIMErrorCodeDataBaseModuleModifyDataBaseError (6000702) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeDataBaseModuleModifyDataBaseError")
    public static let dataBaseModuleModifyDataBaseError = ZIMErrorCode.ZIMErrorCodeDataBaseModuleModifyDataBaseError
    /// ZIMErrorCodeDataBaseModuleDeleteDataBaseError (6000703) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeDataBaseModuleDeleteDataBaseError")
    public static let dataBaseModuleDeleteDataBaseError = ZIMErrorCode.ZIMErrorCodeDataBaseModuleDeleteDataBaseError
    /// ZIMErrorCodeDataBaseModuleSeleteDataBaseError (6000704) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeDataBaseModuleSeleteDataBaseError")
    public static let dataBaseModuleSeleteDataBaseError = ZIMErrorCode.ZIMErrorCodeDataBaseModuleSeleteDataBaseError
    /// ZIMErrorCodeFriendModuleFriendsNumLimit (6000801) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleFriendsNumLimit")
    public static let friendModuleFriendsNumLimit = ZIMErrorCode.ZIMErrorCodeFriendModuleFriendsNumLimit
    /// ZIMErrorCodeFriendModuleFriend_application_status_error (6000802) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleFriend_application_status_error")
    public static let friendModuleFriend_application_status_error = ZIMErrorCode.ZIMErrorCodeFriendModuleFriend_application_status_error
    /// ZIMErrorCodeFriendModuleIsAlreadyYourFriend (6000803) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleIsAlreadyYourFriend")
    public static let friendModuleIsAlreadyYourFriend = ZIMErrorCode.ZIMErrorCodeFriendModuleIsAlreadyYourFriend
    /// ZIMErrorCodeFriendModuleAlreadyAddToBlacklist (6000804) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleAlreadyAddToBlacklist")
    public static let friendModuleAlreadyAddToBlacklist = ZIMErrorCode.ZIMErrorCodeFriendModuleAlreadyAddToBlacklist
    /// ZIMErrorCodeFriendModuleCannotAddSelfToBlacklist (6000805) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleCannotAddSelfToBlacklist")
    public static let friendModuleCannotAddSelfToBlacklist = ZIMErrorCode.ZIMErrorCodeFriendModuleCannotAddSelfToBlacklist
    /// ZIMErrorCodeFriendModuleAlreadyDeleteFromBlacklist (6000806) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleAlreadyDeleteFromBlacklist")
    public static let friendModuleAlreadyDeleteFromBlacklist = ZIMErrorCode.ZIMErrorCodeFriendModuleAlreadyDeleteFromBlacklist
    /// ZIMErrorCodeFriendModuleUserNotInBlacklist (6000807) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleUserNotInBlacklist")
    public static let friendModuleUserNotInBlacklist = ZIMErrorCode.ZIMErrorCodeFriendModuleUserNotInBlacklist
    /// ZIMErrorCodeFriendModuleBlacklistListQuantityLimit (6000808) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleBlacklistListQuantityLimit")
    public static let friendModuleBlacklistListQuantityLimit = ZIMErrorCode.ZIMErrorCodeFriendModuleBlacklistListQuantityLimit
    /// ZIMErrorCodeFriendModuleFriendOperationLimitExceeded (6000809) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleFriendOperationLimitExceeded")
    public static let friendModuleFriendOperationLimitExceeded = ZIMErrorCode.ZIMErrorCodeFriendModuleFriendOperationLimitExceeded
    /// ZIMErrorCodeFriendModuleCannotAddSelfToFriendList (6000810) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleCannotAddSelfToFriendList")
    public static let friendModuleCannotAddSelfToFriendList = ZIMErrorCode.ZIMErrorCodeFriendModuleCannotAddSelfToFriendList
    /// ZIMErrorCodeFriendModuleFriendAreUnregistered (6000811) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleFriendAreUnregistered")
    public static let friendModuleFriendAreUnregistered = ZIMErrorCode.ZIMErrorCodeFriendModuleFriendAreUnregistered
    /// ZIMErrorCodeFriendModuleNotYourFriend (6000812) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleNotYourFriend")
    public static let friendModuleNotYourFriend = ZIMErrorCode.ZIMErrorCodeFriendModuleNotYourFriend
    /// ZIMErrorCodeFriendModuleCannotDeleteSelf (6000813) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleCannotDeleteSelf")
    public static let friendModuleCannotDeleteSelf = ZIMErrorCode.ZIMErrorCodeFriendModuleCannotDeleteSelf
    /// ZIMErrorCodeFriendModuleFriendApplicationExpired (6000814) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleFriendApplicationExpired")
    public static let friendModuleFriendApplicationExpired = ZIMErrorCode.ZIMErrorCodeFriendModuleFriendApplicationExpired
    /// ZIMErrorCodeFriendModuleAddBlacklistFail (6000815) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleAddBlacklistFail")
    public static let friendModuleAddBlacklistFail = ZIMErrorCode.ZIMErrorCodeFriendModuleAddBlacklistFail
    /// ZIMErrorCodeFriendModuleDelBlacklistFail (6000816) as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFriendModuleDelBlacklistFail")
    public static let friendModuleDelBlacklistFail = ZIMErrorCode.ZIMErrorCodeFriendModuleDelBlacklistFail
}
