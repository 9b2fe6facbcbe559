import NIOCore
import NIOWebSocket

/// Client data frames handled on the connection's event loop (docs/PERFORMANCE.md, "Frames on the event
/// loop"): placed right after the WebSocket frame decoder, it hands each whole, unfragmented text or
/// binary frame to the connection's ``FrameReceiver`` there and then, instead of letting it travel
/// through hummingbird-websocket's handler actor and two async streams to a Swift task.
///
/// Everything else goes on to hummingbird-websocket, which keeps the protocol's rules: control frames
/// (ping, pong, the close handshake), fragmented messages, frames with reserved bits, and text that is
/// not UTF-8 (closed with 1007). Once one frame went that way, every later data frame does too, so a
/// client's frames are never reordered.
///
/// Frames that reached hummingbird-websocket before this handler was added are still in its buffer. So
/// that they come first, the handler holds what it reads until the connection's task has seen
/// ``marker`` come out of that buffer (``release()``): the marker is a text frame the handler sends
/// after them when it is added, and no client can send it (it is random per connection).
final class InboundFrameHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private enum Mode {
        /// Waiting for the marker: the frames read meanwhile, in order.
        case holding([WebSocketFrame])
        /// Data frames go straight to the receiver.
        case direct
        /// Every frame goes on to hummingbird-websocket.
        case passThrough
    }

    let marker: String
    private let receiver: FrameReceiver
    private var mode = Mode.holding([])
    private var context: ChannelHandlerContext?

    init(receiver: FrameReceiver, marker: String) {
        self.receiver = receiver
        self.marker = marker
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        var payload = context.channel.allocator.buffer(capacity: marker.utf8.count)
        payload.writeString(marker)
        context.fireChannelRead(wrapInboundOut(WebSocketFrame(fin: true, opcode: .text, data: payload)))
        // NIO's async channel hands on what it read at the read's completion.
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch mode {
        case .passThrough:
            context.fireChannelRead(data)
        case .holding(var held):
            mode = .direct  // not to copy the array on append
            held.append(frame)
            mode = .holding(held)
        case .direct:
            handle(frame, context: context)
        }
    }

    /// The connection's task saw the marker: every frame before this handler was added has been
    /// received. Hands over the frames held meanwhile, then goes direct.
    func release() {
        guard case .holding(let held) = mode, let context else { return }
        mode = .direct
        for frame in held {
            if case .passThrough = mode {
                context.fireChannelRead(wrapInboundOut(frame))
            } else {
                handle(frame, context: context)
            }
        }
        // What went on to hummingbird-websocket is handed over at a read's completion.
        context.fireChannelReadComplete()
    }

    private func handle(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        guard frame.fin, frame.rsv1 == false, frame.rsv2 == false, frame.rsv3 == false,
              frame.opcode == .text || frame.opcode == .binary else {
            if frame.opcode != .ping && frame.opcode != .pong && frame.opcode != .connectionClose {
                mode = .passThrough  // a fragment or reserved bits: hummingbird-websocket's rules from now on
            }
            context.fireChannelRead(wrapInboundOut(frame))
            return
        }
        let bytes = Array(frame.unmaskedData.readableBytesView)
        if frame.opcode == .text, !Self.isUTF8(bytes) {
            mode = .passThrough  // hummingbird-websocket closes it with 1007
            context.fireChannelRead(wrapInboundOut(frame))
            return
        }
        receiver.receive(bytes)
    }

    /// Whether `bytes` are UTF-8. Wire frames are almost always ASCII, which needs one pass and no copy.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }
}
