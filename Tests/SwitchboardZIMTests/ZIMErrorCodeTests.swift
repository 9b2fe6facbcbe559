import Testing
import SwitchboardZIM

/// `ZIMErrorCode` is the late-2.x `ZIMErrorCode.h`, case for case (docs/ZIM.md, "Error codes"): a sample
/// from every module of the header, checked against the raw values ZEGO publishes.
@Suite("ZIMErrorCode: ZEGO's published codes")
struct ZIMErrorCodeTests {
    /// (case, raw value) from ZEGO's header and error-code page, at least two per module.
    static let published: [(ZIMErrorCode, UInt)] = [
        (.ZIMErrorCodeSuccess, 0), (.ZIMErrorCodeFailed, 1),
        // Common
        (.ZIMErrorCodeCommonModuleParamsInvalid, 6000001), (.ZIMErrorCodeCommonModuleEngineNotInit, 6000002),
        (.ZIMErrorCodeCommonModuleUserIsNotExist, 6000011), (.ZIMErrorCodeCommonModuleUserInfoQueriedLimit, 6000012),
        (.ZIMErrorCodeCommonModuleUnsupportedRequest, 6000013), (.ZIMErrorCodeCommonModuleExceedDAULimit, 6000015),
        (.ZIMErrorCodeCommonModuleExceedMAULimit, 6000016),
        // Network and login
        (.ZIMErrorCodeNetworkModuleCommonError, 6000101), (.ZIMErrorCodeNetworkModuleTokenInvalid, 6000103),
        (.ZIMErrorCodeNetworkModuleTokenTimeIsTooShort, 6000108), (.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged, 6000111),
        (.ZIMErrorCodeNetworkModuleUserIsNotLogged, 6000121), (.ZIMErrorCodeNetworkModuleUserIDError, 6000124),
        // Message
        (.ZIMErrorCodeMessageModuleCommonError, 6000201), (.ZIMErrorCodeMessageModuleTargetDoseNotExist, 6000204),
        (.ZIMErrorCodeMessageModuleFileDownloadHttpRequestServerError, 6000220), (.ZIMErrorCodeMessageModuleMuted, 6000231),
        (.ZimErrorCodeMessageModuleCacheFileJsonParseFailed, 6000245),
        // Call invitation and the message codes after it
        (.ZIMErrorCodeMessageModuleCallError, 6000270), (.ZIMErrorCodeMessageModuleCallServerError, 6000272),
        (.ZIMErrorCodeMessageModuleCallDoseNotExist, 6000276), (.ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist, 6000281),
        (.ZIMErrorCodeMessageModuleUserAlreadyInTheCall, 6000283), (.ZIMErrorCodeMessageModuleMessageExceedsEditTime, 6000286),
        // Room
        (.ZIMErrorCodeRoomModuleCommonError, 6000301), (.ZIMErrorCodeRoomModuleTheRoomIsConnecting, 6000326),
        (.ZIMErrorCodeRoomModuleTheMemberNumberOfRoomMemberAttributesExceedsLimit, 6000357),
        // Offline push
        (.ZIMErrorCodeZPNSModulePushIDInvalid, 6000401),
        // Group
        (.ZIMErrorCodeGroupModuleCommonError, 6000501), (.ZIMErrorCodeGroupModuleGroupDoseNotExist, 6000523),
        (.ZIMErrorCodeGroupModuleGroupDataBaseError, 6000542),
        // Conversation
        (.ZIMErrorCodeConversationModuleCommonError, 6000601),
        (.ZIMErrorCodeConversationModuleConversationPinnedListReachedLimit, 6000604),
        // Local database
        (.ZIMErrorCodeDataBaseModuleOpenDataBaseError, 6000701), (.ZIMErrorCodeDataBaseModuleSeleteDataBaseError, 6000704),
        // Friends and blocklist
        (.ZIMErrorCodeFriendModuleFriendsNumLimit, 6000801), (.ZIMErrorCodeFriendModuleFriend_application_status_error, 6000802),
        (.ZIMErrorCodeFriendModuleFriendAreUnregistered, 6000811), (.ZIMErrorCodeFriendModuleDelBlacklistFail, 6000816),
    ]

    @Test("a sample of every module has ZEGO's raw value")
    func publishedRawValues() {
        for (code, raw) in Self.published {
            #expect(code.rawValue == raw, "\(code)")
            #expect(ZIMErrorCode(rawValue: raw) == code)
        }
    }

    @Test("every case of the header, in its order; the values the header skips are no code")
    func wholeHeader() {
        #expect(ZIMErrorCode.allCases.count == 154)
        let values = ZIMErrorCode.allCases.map(\.rawValue)
        #expect(values == values.sorted())
        for skipped: UInt in [2, 6000000, 6000014, 6000017, 6000100, 6000109, 6000125, 6000205, 6000246, 6000287,
                              6000305, 6000354, 6000402, 6000543, 6000605, 6000705, 6000817] {
            #expect(ZIMErrorCode(rawValue: skipped) == nil, "\(skipped)")
        }
        // Every module of the header is there.
        let modules = Set(values.map { $0 / 100 })
        #expect(modules == [0, 60000, 60001, 60002, 60003, 60004, 60005, 60006, 60007, 60008])
    }

    @Test("the lowercase names of older builds are the same codes")
    func olderNames() {
        let pairs = (OlderNames() as any OlderNameList).pairs
        #expect(pairs.count == 9)
        for (older, current) in pairs { #expect(older == current) }
    }
}

/// Reads the deprecated aliases without a warning: the deprecated witness of an undeprecated
/// requirement (as the module dispatches its legacy events).
private protocol OlderNameList {
    var pairs: [(ZIMErrorCode, ZIMErrorCode)] { get }
}

private struct OlderNames: OlderNameList {
    @available(*, deprecated)
    var pairs: [(ZIMErrorCode, ZIMErrorCode)] {
        [(.success, .ZIMErrorCodeSuccess), (.failed, .ZIMErrorCodeFailed),
         (.commonModuleParamsInvalid, .ZIMErrorCodeCommonModuleParamsInvalid),
         (.commonModuleUserIsNotExist, .ZIMErrorCodeCommonModuleUserIsNotExist),
         (.networkModuleUserHasAlreadyLogged, .ZIMErrorCodeNetworkModuleUserHasAlreadyLogged),
         (.messageModuleCallDoseNotExist, .ZIMErrorCodeMessageModuleCallDoseNotExist),
         (.roomModuleTheRoomIsConnecting, .ZIMErrorCodeRoomModuleTheRoomIsConnecting),
         (.zpnsModulePushIDInvalid, .ZIMErrorCodeZPNSModulePushIDInvalid),
         (.friendModuleFriend_application_status_error, .ZIMErrorCodeFriendModuleFriend_application_status_error)]
    }
}
