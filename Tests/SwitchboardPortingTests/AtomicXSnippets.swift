// The Tencent "after" snippets of docs/PORTING.md, verbatim (see AgoraSnippets.swift).

// MARK: - `import Combine` (docs/PORTING.md, "`import Combine`"): Apple's where it exists; on Linux the names
// come from `SwitchboardAtomicX`

import Foundation
#if canImport(Combine)
import Combine
#endif
import SwitchboardAtomicX

final class CallStatusBell {
    private(set) var rings = 0
    private var cancellables = Set<AnyCancellable>()

    init(callStore: CallStore = .shared) {
        callStore.state.subscribe(StatePublisherSelector(keyPath: \CallState.selfInfo.status))
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink { [weak self] status in
                if status == .waiting { self?.rings += 1 }
            }
            .store(in: &cancellables)
    }
}

// MARK: - A call timer without `#selector` (docs/PORTING.md, "Selectors and target-action")

final class CallTimerLabel {
    private(set) var text = ""
    private var cancellables = Set<AnyCancellable>()

    init(callStore: CallStore = .shared) {
        callStore.state.subscribe(StatePublisherSelector(keyPath: \CallState.activeCall.duration))
            .receive(on: DispatchQueue.main)
            .sink { [weak self] duration in
                self?.text = String(format: "%02d:%02d", duration / 60, duration % 60)
            }
            .store(in: &cancellables)
    }
}

// MARK: - Video views (docs/PORTING.md, "UIKit")

final class RemoteVideoController {
    let remoteView = TUIVideoView(frame: CGRect(x: 0, y: 0, width: 360, height: 640))
    private(set) var playing: [String] = []

    func show(_ userId: String, engine: TUICallEngine = .createInstance()) {
        engine.startRemoteView(userId: userId, videoView: remoteView, onPlaying: { [weak self] userId in
            self?.playing.append(userId)
        }, onLoading: { _ in }, onError: { _, _, _ in })
    }
}

// MARK: - TUICallKit (docs/PORTING.md, "Tencent AtomicXCore, TUICallEngine and TUICallKit")

final class GroupCallButton {
    private(set) var placed = false
    private(set) var failure: String?

    func call(_ userIdList: [String], kit: TUICallKit = .createInstance()) {
        kit.enableMuteMode(enable: true)
        let params = TUICallParams()
        params.timeout = 30
        kit.calls(userIdList: userIdList, callMediaType: .video, params: params, succ: { [weak self] in
            self?.placed = true
        }, fail: { [weak self] code, message in
            self?.failure = "\(code) \(message ?? "")"
        })
    }
}
