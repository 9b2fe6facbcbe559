import Foundation

// Swift mirrors of the ZIM callback block typedefs used by login, user information and call invitation
// (`ZIMDefines.h`).
// `long long` imports as `Int64`; every `ZIMError` is non-optional, success being
// `.ZIMErrorCodeSuccess` with an empty message (docs/ZIM.md, "Non-optional ZIMError"). The methods take
// them `@escaping`.

/// ZIMLoggedInCallback: `typedef void (^ZIMLoggedInCallback)(ZIMError *errorInfo);`
public typealias ZIMLoggedInCallback = (ZIMError) -> Void

/// ZIMTokenRenewedCallback: `typedef void (^ZIMTokenRenewedCallback)(NSString *token, ZIMError *errorInfo);`
public typealias ZIMTokenRenewedCallback = (String, ZIMError) -> Void

/// ZIMUserNameUpdatedCallback (2.2): `typedef void (^ZIMUserNameUpdatedCallback)(NSString *userName, ZIMError *errorInfo);`
public typealias ZIMUserNameUpdatedCallback = (String, ZIMError) -> Void

/// ZIMUserAvatarUrlUpdatedCallback (2.3): `typedef void (^ZIMUserAvatarUrlUpdatedCallback)(NSString *userAvatarUrl, ZIMError *errorInfo);`
public typealias ZIMUserAvatarUrlUpdatedCallback = (String, ZIMError) -> Void

/// ZIMUserExtendedDataUpdatedCallback (2.2): `typedef void (^ZIMUserExtendedDataUpdatedCallback)(NSString *extendedData, ZIMError *errorInfo);`
public typealias ZIMUserExtendedDataUpdatedCallback = (String, ZIMError) -> Void

/// ZIMUsersInfoQueriedCallback (2.0): `typedef void (^ZIMUsersInfoQueriedCallback)(NSArray<ZIMUserFullInfo *> *userList, NSArray<ZIMErrorUserInfo *> *errorUserList, ZIMError *errorInfo);`
public typealias ZIMUsersInfoQueriedCallback = ([ZIMUserFullInfo], [ZIMErrorUserInfo], ZIMError) -> Void

/// ZIMCallInvitationSentCallback: `typedef void (^ZIMCallInvitationSentCallback)(NSString *callID, ZIMCallInvitationSentInfo *info, ZIMError *errorInfo);`
public typealias ZIMCallInvitationSentCallback = (String, ZIMCallInvitationSentInfo, ZIMError) -> Void

/// ZIMCallCancelSentCallback: `typedef void (^ZIMCallCancelSentCallback)(NSString *callID, NSArray<NSString *> *errorInvitees, ZIMError *errorInfo);`
public typealias ZIMCallCancelSentCallback = (String, [String], ZIMError) -> Void

/// ZIMCallAcceptanceSentCallback: `typedef void (^ZIMCallAcceptanceSentCallback)(NSString *callID, ZIMError *errorInfo);`
public typealias ZIMCallAcceptanceSentCallback = (String, ZIMError) -> Void

/// ZIMCallRejectionSentCallback: `typedef void (^ZIMCallRejectionSentCallback)(NSString *callID, ZIMError *errorInfo);`
public typealias ZIMCallRejectionSentCallback = (String, ZIMError) -> Void

/// ZIMCallingInvitationSentCallback (2.9): `typedef void (^ZIMCallingInvitationSentCallback)(NSString *callID, ZIMCallingInvitationSentInfo *info, ZIMError *errorInfo);`
public typealias ZIMCallingInvitationSentCallback = (String, ZIMCallingInvitationSentInfo, ZIMError) -> Void

/// ZIMCallJoinSentCallback (2.12): `typedef void (^ZIMCallJoinSentCallback)(NSString *callID, ZIMCallJoinSentInfo *info, ZIMError *errorInfo);`
public typealias ZIMCallJoinSentCallback = (String, ZIMCallJoinSentInfo, ZIMError) -> Void

/// ZIMCallQuitSentCallback (2.9): `typedef void (^ZIMCallQuitSentCallback)(NSString *callID, ZIMCallQuitSentInfo *info, ZIMError *errorInfo);`
public typealias ZIMCallQuitSentCallback = (String, ZIMCallQuitSentInfo, ZIMError) -> Void

/// ZIMCallEndSentCallback (2.9): `typedef void (^ZIMCallEndSentCallback)(NSString *callID, ZIMCallEndedSentInfo *info, ZIMError *errorInfo);`
public typealias ZIMCallEndSentCallback = (String, ZIMCallEndedSentInfo, ZIMError) -> Void

/// ZIMCallInvitationListQueriedCallback (2.9): `typedef void (^ZIMCallInvitationListQueriedCallback)(NSArray<ZIMCallInfo *> *callList, long long nextFlag, ZIMError *errorInfo);`
public typealias ZIMCallInvitationListQueriedCallback = ([ZIMCallInfo], Int64, ZIMError) -> Void

/// ZIMLogUploadedCallback: `typedef void (^ZIMLogUploadedCallback)(ZIMError *errorInfo);`
public typealias ZIMLogUploadedCallback = (ZIMError) -> Void
