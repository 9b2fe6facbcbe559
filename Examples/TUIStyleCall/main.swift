// Two users in one process, written the way Tencent's AtomicXCore call guide is (seed 004: the quick
// start, placing a call, the call timer label, hanging up on `onCallEnded`, the microphone and camera
// buttons, the ringtone and setSelfInfo snippets). Every statement that talks to the SDK is the guide's;
// only the import line says Switchboard, and UIKit is replaced by a few headless stand-ins (labels print
// what they would show). With no configuration the stores talk to the process's embedded service.
//
// The process's stores (`CallStore.shared`, `LoginStore.shared`, `DeviceStore.shared`) are the app's
// user, alice; bob's phone is an isolated set of stores (`AtomicXInstance`, a Switchboard addition).
// Everything runs on the main queue, as the vendor delivers it; `dispatchMain()` keeps the process alive.
//
//   swift run tui-style-call

import Dispatch
import Foundation
import SwitchboardAtomicX
import SwitchboardClient  // only for bob's ClientEnvironment

// MARK: - Headless stand-ins for the guide's UIKit code and logging helper

/// The guide's `Log` helper (the vendor's logging, not the SDK).
enum Log {
    static func info(_ message: String) { print("[log] \(message)") }
    static func error(_ message: String) { print("[log] error: \(message)") }
}

/// What the guide's `UILabel`/`UIButton` would show.
final class Label {
    let name: String
    var text: String? { didSet { if oldValue != text { print("[\(name)] \(text ?? "")") } } }
    init(_ name: String) { self.name = name }
    func setTitle(_ title: String, for _: Int) { text = title }
}

var cancellables = Set<AnyCancellable>()

// MARK: - The guide's view controllers, headless

/// Quick start: `CallStore` first, then log in with a test UserSig, then `TUICallEngine.init`.
final class ViewController {
    func viewDidLoad(then next: @escaping () -> Void) {
        // CallStore 初始化
        let _ = CallStore.shared
        // 配置您的信息
        let userID = "alice" // 请替换为您的 UserID
        let sdkAppID: Int = 1400000001 // 请替换为在控制台得到的 SDKAppID
        let secretKey = "**************" // 请替换为在控制台得到的 SecretKey
        // 生成 UserSig(仅用于本地快速测试,正式环境请在服务端生成)
        let userSig = GenerateTestUserSig.genTestUserSig(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey)
        // 登录
        LoginStore.shared.login(sdkAppID: sdkAppID, userID: userID, userSig: userSig) { result in
            switch result {
            case .success:
                Log.info("login success")
                // 完成 TUICallEngine 的初始化
                TUICallEngine.createInstance().`init`(Int32(sdkAppID), userId: userID, userSig: userSig) {
                    Log.info("TUICallEngine init success")
                    next()
                } fail: { code, message in
                    Log.error("TUICallEngine init failed, code: \(code), message: \(message ?? "")")
                }
            case .failure(let error):
                Log.error("login failed, code: \(error.code), error: \(error.message)")
            }
        }
    }
}

/// Placing a call: `calls`, then the devices, then the call page.
final class MainViewController {
    var presented: CallViewController?
    var onCallPageDismissed: () -> Void = {}

    func startCall(userIdList: [String], mediaType: CallMediaType) {
        var params = CallParams()
        params.timeout = 30 // 设置通话超时时间为30秒
        CallStore.shared.calls(participantIds: userIdList, callMediaType: mediaType, params: params) { [weak self] result in
            switch result {
            case .success:
                // 2.开启媒体设备
                self?.openDevices(for: mediaType)
                // 3.唤起通话页面
                DispatchQueue.main.async {
                    let callVC = CallViewController()
                    callVC.onDismiss = self?.onCallPageDismissed ?? {}
                    self?.presented = callVC
                    callVC.viewDidLoad()
                }
            case .failure(let error):
                Log.error("发起通话失败: \(error)")
            }
        }
    }

    private func openDevices(for mediaType: CallMediaType) {
        DeviceStore.shared.openLocalMicrophone(completion: nil)
        if mediaType == .video {
            let isFront = DeviceStore.shared.state.value.isFrontCamera
            DeviceStore.shared.openLocalCamera(isFront: isFront, completion: nil)
        }
    }
}

/// The call page: the timer label, the device buttons, hang up, and leaving on `onCallEnded`.
final class CallViewController {
    let timerView = TimerView()
    let buttonMicrophone = Label("microphone button")
    let buttonCamera = Label("camera button")
    var onDismiss: () -> Void = {}
    private var cancellables = Set<AnyCancellable>()

    func viewDidLoad() {
        timerView.didMoveToWindow()
        observeDeviceState()
        addListener()
    }

    private func addListener() {
        CallStore.shared.callEventPublisher.receive(on: DispatchQueue.main).sink { [weak self] event in
            if case .onCallEnded = event {
                // 2.销毁通话页面
                self?.dismiss(animated: true)
            }
        }.store(in: &cancellables)
    }

    private func observeDeviceState() {
        DeviceStore.shared.state.subscribe().map { $0.cameraStatus }.removeDuplicates().receive(on: DispatchQueue.main).sink {
            // 2.更新摄像头按钮文本
            [weak self] cameraStatus in
            let title = cameraStatus == .on ? "关闭摄像头" : "开启摄像头"
            self?.buttonCamera.setTitle(title, for: 0)
        }.store(in: &cancellables)
        DeviceStore.shared.state.subscribe().map { $0.microphoneStatus }.removeDuplicates().receive(on: DispatchQueue.main).sink {
            // 2.更新麦克风按钮文本
            [weak self] microphoneStatus in
            let title = microphoneStatus == .on ? "关闭麦克风" : "开启麦克风"
            self?.buttonMicrophone.setTitle(title, for: 0)
        }.store(in: &cancellables)
    }

    // 2.点击事件调用开启或关闭麦克风
    func touchMicrophoneButton() {
        let microphoneStatus = DeviceStore.shared.state.value.microphoneStatus
        if microphoneStatus == .on {
            DeviceStore.shared.closeLocalMicrophone()
        } else {
            DeviceStore.shared.openLocalMicrophone(completion: nil)
        }
    }

    // 2.摄像头按钮点击事件
    func touchCameraButton() {
        let cameraStatus = DeviceStore.shared.state.value.cameraStatus
        if cameraStatus == .on {
            DeviceStore.shared.closeLocalCamera()
        } else {
            let isFront = DeviceStore.shared.state.value.isFrontCamera
            DeviceStore.shared.openLocalCamera(isFront: isFront, completion: nil)
        }
    }

    func touchHangupButton() {
        // 2.在点击事件中调用 hangup 接口并销毁页面
        CallStore.shared.hangup(completion: nil)
    }

    func dismiss(animated: Bool) {
        timerView.cancellables.removeAll()
        print("[call page] dismissed; final duration \(CallStore.shared.state.value.activeCall.duration) s")
        onDismiss()
    }
}

/// The call timer: `activeCall.duration`, counted by the SDK every second while connected.
final class TimerView {
    var cancellables = Set<AnyCancellable>()
    let label = Label("timer")
    var text: String? {
        get { label.text }
        set { label.text = newValue }
    }

    func didMoveToWindow() {
        // 1.数据层订阅
        registerActiveCallObserver()
    }

    private func registerActiveCallObserver() {
        CallStore.shared.state.subscribe().map { $0.activeCall }.removeDuplicates { $0.duration == $1.duration }
            .receive(on: DispatchQueue.main).sink { [weak self] activeCall in
                // 更新通话计时
                self?.updateDurationView(activeCall: activeCall)
            }.store(in: &cancellables)
    }

    private func updateDurationView(activeCall: CallInfo) {
        let currentDuration = activeCall.duration
        let minutes = currentDuration / 60
        let seconds = currentDuration % 60
        text = String(format: "%02d:%02d", minutes, seconds)
    }
}

/// The ringtone snippet: plays while `selfInfo.status` is waiting.
func observeSelfCallStatus() {
    CallStore.shared.state.subscribe().map { $0.selfInfo.status }.removeDuplicates().receive(on: DispatchQueue.main)
        .sink { status in
            if status == .accept || status == .none {
                // 停止播放铃声
                print("[alice] status \(status): ringtone off")
                return
            }
            if status == .waiting {
                // 播放铃声
                print("[alice] status waiting: ringtone on")
            }
        }.store(in: &cancellables)
}

/// The profile snippet.
func setProfile(then next: @escaping () -> Void) {
    var userProfile = UserProfile()
    userProfile.userID = "" // 您的 userId
    userProfile.avatarURL = "https://example.invalid/alice.png" // 头像的 url
    userProfile.nickname = "Alice" // 需要设置的昵称
    LoginStore.shared.setSelfInfo(userProfile: userProfile) { result in
        switch result {
        case .success:
            // 设置成功回调
            print("[alice] profile set: \(LoginStore.shared.state.value.loginUserInfo?.nickname ?? "")")
            next()
        case .failure(let error):
            // 设置失败回调
            print("[alice] setSelfInfo failed: \(error.code) \(error.message)")
        }
    }
}

/// The run is over once alice's call page is gone and bob heard the end.
var finished = 0 {
    didSet {
        if finished == 2 {
            print("== done")
            exit(0)
        }
    }
}

// MARK: - Bob's phone (an isolated set of stores)

let bob = AtomicXInstance(environment: .current)
bob.callStore.callEventPublisher.receive(on: DispatchQueue.main).sink { event in
    switch event {
    case .onCallReceived(let callId, let mediaType, let userData):
        let caller = bob.callStore.state.value.allParticipants.first { $0.id == bob.callStore.state.value.activeCall.inviterId }
        print("[bob] onCallReceived \(mediaType) call from \(bob.callStore.state.value.activeCall.inviterId) (\(caller?.name ?? "")) userData=\(userData) id=\(callId.prefix(6))…")
        bob.deviceStore.openLocalMicrophone(completion: nil)
        bob.callStore.accept { result in print("[bob] accept: \(result)") }
    case .onCallEnded(_, _, let reason, let userId):
        print("[bob] onCallEnded reason=\(reason) by \(userId), duration \(bob.callStore.state.value.activeCall.duration) s")
        finished += 1
    default:
        break
    }
}.store(in: &cancellables)

// MARK: - The run

let mainVC = MainViewController()
observeSelfCallStatus()
CallStore.shared.callEventPublisher.receive(on: DispatchQueue.main).sink { event in
    if case .onCallStarted(_, let mediaType) = event { print("[alice] onCallStarted \(mediaType)") }
    if case .onCallEnded(_, _, let reason, let userId) = event { print("[alice] onCallEnded reason=\(reason) by \(userId)") }
}.store(in: &cancellables)
// Bob's microphone shows on alice's side through the service.
CallStore.shared.state.subscribe(StatePublisherSelector<CallState, Bool>(projector: { state in
    state.allParticipants.first { $0.id == "bob" }?.isMicrophoneOpened ?? false
})).receive(on: DispatchQueue.main).sink { on in
    if on { print("[alice] bob's microphone is on") }
}.store(in: &cancellables)

bob.loginStore.login(sdkAppID: 1400000001, userID: "bob", userSig: GenerateTestUserSig.genTestUserSig(userID: "bob", sdkAppID: 1400000001, secretKey: "**************")) { _ in
    ViewController().viewDidLoad {
        setProfile {
            mainVC.startCall(userIdList: ["bob"], mediaType: .video)
            // Once connected for three seconds, alice mutes, then hangs up.
            CallStore.shared.state.subscribe(StatePublisherSelector(keyPath: \CallState.activeCall.duration))
                .receive(on: DispatchQueue.main).sink { duration in
                    guard duration == 3, let page = mainVC.presented else { return }
                    page.touchMicrophoneButton()
                    page.touchHangupButton()
                }.store(in: &cancellables)
        }
    }
}
mainVC.onCallPageDismissed = {
    finished += 1
}
DispatchQueue.main.asyncAfter(deadline: .now() + 20) {
    print("tui-style-call: timed out")
    exit(1)
}
dispatchMain()
