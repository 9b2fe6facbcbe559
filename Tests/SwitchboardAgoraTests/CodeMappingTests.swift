import Testing
import SwitchboardAgora
import SwitchboardARtm
import SwitchboardRTM

/// The engine's codes reach the apps through `RTMSurface.convert`, which relies on Agora and anyRTC
/// sharing every raw value with the engine: every engine case must exist in both vendor enums.
@Suite("Engine codes map onto both vendors' enums")
struct CodeMappingTests {
    func check<Engine: CaseIterable & RawRepresentable<Int>, Agora: RawRepresentable<Int>, ARtm: RawRepresentable<Int>>(
        _ engine: Engine.Type, _ agora: Agora.Type, _ artm: ARtm.Type, except: Set<Int> = []
    ) {
        for code in Engine.allCases {
            #expect(Agora(rawValue: code.rawValue) != nil, "\(Agora.self) lacks \(code)")
            if !except.contains(code.rawValue) {
                #expect(ARtm(rawValue: code.rawValue) != nil, "\(ARtm.self) lacks \(code)")
            }
        }
    }

    @Test func invitationCodes() {
        check(RTMCode.InvitationAPICall.self, AgoraRtmInvitationApiCallErrorCode.self, ARtmInvitationApiCallErrorCode.self)
        check(RTMCode.LocalInvitationFailure.self, AgoraRtmLocalInvitationErrorCode.self, ARtmLocalInvitationErrorCode.self)
        check(RTMCode.RemoteInvitationFailure.self, AgoraRtmRemoteInvitationErrorCode.self, ARtmRemoteInvitationErrorCode.self)
        check(RTMCode.LocalInvitationState.self, AgoraRtmLocalInvitationState.self, ARtmLocalInvitationState.self)
        check(RTMCode.RemoteInvitationState.self, AgoraRtmRemoteInvitationState.self, ARtmRemoteInvitationState.self)
    }

    @Test func connectionCodes() {
        check(RTMCode.ConnectionState.self, AgoraRtmConnectionState.self, ARtmConnectionState.self)
        // anyRTC has no reason 9; the engine never reports it under the anyRTC profile.
        check(RTMCode.ConnectionChangeReason.self, AgoraRtmConnectionChangeReason.self, ARtmConnectionChangeReason.self,
              except: [RTMCode.ConnectionChangeReason.tokenExpired.rawValue])
        #expect(ARtmConnectionChangeReason(rawValue: 9) == nil)
        check(RTMCode.Login.self, AgoraRtmLoginErrorCode.self, ARtmLoginErrorCode.self)
        check(RTMCode.Logout.self, AgoraRtmLogoutErrorCode.self, ARtmLogoutErrorCode.self)
        check(RTMCode.RenewToken.self, AgoraRtmRenewTokenErrorCode.self, ARtmRenewTokenErrorCode.self)
    }

    @Test func messageAndChannelCodes() {
        check(RTMCode.SendPeerMessage.self, AgoraRtmSendPeerMessageErrorCode.self, ARtmSendPeerMessageErrorCode.self)
        check(RTMCode.QueryPeersOnline.self, AgoraRtmQueryPeersOnlineErrorCode.self, ARtmQueryPeersOnlineErrorCode.self)
        check(RTMCode.PeerSubscription.self, AgoraRtmPeerSubscriptionStatusErrorCode.self, ARtmPeerSubscriptionStatusErrorCode.self)
        check(RTMCode.PeerOnlineState.self, AgoraRtmPeerOnlineState.self, ARtmPeerOnlineState.self)
        check(RTMCode.JoinChannel.self, AgoraRtmJoinChannelErrorCode.self, ARtmJoinChannelErrorCode.self)
        check(RTMCode.LeaveChannel.self, AgoraRtmLeaveChannelErrorCode.self, ARtmLeaveChannelErrorCode.self)
        check(RTMCode.SendChannelMessage.self, AgoraRtmSendChannelMessageErrorCode.self, ARtmSendChannelMessageErrorCode.self)
        check(RTMCode.GetMembers.self, AgoraRtmGetMembersErrorCode.self, ARtmGetMembersErrorCode.self)
    }

    @Test func attributeMemberCountAndSubscriptionCodes() {
        check(RTMCode.ProcessAttribute.self, AgoraRtmProcessAttributeErrorCode.self, ARtmProcessAttributeErrorCode.self)
        check(RTMCode.ChannelMemberCount.self, AgoraRtmChannelMemberCountErrorCode.self, ARtmChannelMemberCountErrorCode.self)
        check(RTMCode.QueryPeersBySubscriptionOption.self, AgoraRtmQueryPeersBySubscriptionOptionErrorCode.self,
              ARtmQueryPeersBySubscriptionOptionErrorCode.self)
    }

    @Test func profilesDifferOnlyWhereTheVendorsDo() {
        #expect(RTMProfile.agora.timing.loginTimeout == .seconds(12))
        #expect(RTMProfile.anyRTC.timing.loginTimeout == .seconds(6))
        #expect(RTMProfile.agora.hasTokenExpiryNotices && !RTMProfile.anyRTC.hasTokenExpiryNotices)
        #expect(RTMProfile.agora.messageRate == RateLimit(count: 180, per: .seconds(3)))
        #expect(RTMProfile.anyRTC.messageRate == RateLimit(count: 60, per: .seconds(1)))
    }
}
