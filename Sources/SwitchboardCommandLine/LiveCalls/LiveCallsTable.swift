import Foundation

/// Live calls as a table for a terminal (`switchboard calls`, docs/SERVER.md, "Live calls from a terminal"),
/// the web console's list in text:
///
/// ```
/// CALL  STATE      MODE      CALLER  PARTICIPANTS                             TIME   CREATED
/// c1    connected  advanced  alice   alice:accepted@zim bob:accepted@tencent  01:05  14:02:11
/// c2    ringing    general   carol   carol:accepted@cli bob:received@agora    00:12  14:03:04
/// 2 live calls
/// ```
///
/// TIME is how long the call has rung (ringing) or been connected (connected), to the server's time of the
/// answer; CREATED is in ``timeZone``, with the date when it is not the server's day. A NODE column shows
/// the node that hosts each call when the server is a cluster's. Columns are as wide as their widest cell,
/// cells cut at a column's most (ending in "…"); control characters are shown as "?", so that nothing a
/// client chose as an id can move the terminal's cursor.
public struct LiveCallsTable: Sendable {
    /// Where the CREATED times are read.
    public var timeZone: TimeZone

    /// The most characters of a cell, by column; participants' user ids within the column. The call ids the
    /// service issues (`c`, 12 hex digits of time, 4 of a counter, 32 random: 49 characters) are never cut:
    /// they are what an operator copies to end a call or read its timeline.
    public static let callWidth = 49
    public static let callerWidth = 20
    public static let participantsWidth = 80
    public static let participantUserWidth = 16
    /// Enough for every participant state there is (`timedOut(noAcknowledgement)`).
    public static let participantStateWidth = 28
    public static let nodeWidth = 16
    static let wordWidth = 12

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The table and a line under it that counts the calls (or says there are none).
    public func render(_ page: LiveCallsPage, query: LiveCallsQuery = LiveCallsQuery()) -> String {
        let matching = query.isFiltered ? " matching " + query.filterOptions : ""
        guard !page.calls.isEmpty else {
            return page.total == 0 ? "no live calls\(matching)\n" : "no live calls on this page\(matching) (\(page.total) in all)\n"
        }
        let showsNode = page.calls.contains { $0.node != nil }
        var rows = [["CALL", "STATE", "MODE", "CALLER", "PARTICIPANTS", "TIME", "CREATED"] + (showsNode ? ["NODE"] : [])]
        for call in page.calls {
            rows.append([
                Self.cell(call.call, width: Self.callWidth),
                Self.cell(call.state, width: Self.wordWidth),
                Self.cell(call.mode, width: Self.wordWidth),
                Self.cell(call.caller, width: Self.callerWidth),
                Self.participants(call.participants),
                Self.elapsed(from: call.state == "connected" ? call.connectedAt ?? call.createdAt : call.createdAt, to: page.now),
                created(call.createdAt, now: page.now),
            ] + (showsNode ? [Self.cell(call.node ?? "-", width: Self.nodeWidth)] : []))
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        let noun = page.total == 1 ? "live call" : "live calls"
        if page.calls.count < page.total {
            text += "\(page.calls.count) of \(ProgressStatus.count(page.total)) \(noun)\(matching) (--limit N or --all for more)\n"
        } else {
            text += "\(ProgressStatus.count(page.total)) \(noun)\(matching)\n"
        }
        return text
    }

    /// `alice:connected@zim bob:ringing@agora`, and `+N more` where the column ends.
    static func participants(_ participants: [LiveCall.Participant]) -> String {
        let entries = participants.map { participant in
            cell(participant.user, width: participantUserWidth) + ":" + cell(participant.state, width: participantStateWidth)
                + (participant.surface.map { "@" + cell($0, width: wordWidth) } ?? "")
        }
        let all = entries.joined(separator: " ")
        guard all.count > participantsWidth else { return all }
        var shown: [String] = []
        for (index, entry) in entries.enumerated() {
            let more = " +\(entries.count - index - 1) more"
            guard (shown + [entry]).joined(separator: " ").count + more.count <= participantsWidth else { break }
            shown.append(entry)
        }
        return (shown + ["+\(entries.count - shown.count) more"]).joined(separator: " ")
    }

    /// `mm:ss`, or `h:mm:ss` from an hour on; a start after `now` (clocks apart) counts as no time.
    static func elapsed(from start: Int64, to now: Int64) -> String {
        let seconds = max(0, now - start) / 1_000
        let (hours, minutes, rest) = (seconds / 3_600, seconds % 3_600 / 60, seconds % 60)
        return hours > 0 ? "\(hours):" + twoDigits(minutes) + ":" + twoDigits(rest) : twoDigits(minutes) + ":" + twoDigits(rest)
    }

    /// `14:02:11` on the day of `now`, `2026-11-25 23:58` on another.
    func created(_ time: Int64, now: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let units: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
        let at = calendar.dateComponents(units, from: Date(timeIntervalSince1970: Double(time) / 1_000))
        let today = calendar.dateComponents(units, from: Date(timeIntervalSince1970: Double(now) / 1_000))
        let clock = Self.twoDigits(Int64(at.hour ?? 0)) + ":" + Self.twoDigits(Int64(at.minute ?? 0))
        if (at.year, at.month, at.day) == (today.year, today.month, today.day) {
            return clock + ":" + Self.twoDigits(Int64(at.second ?? 0))
        }
        return "\(at.year ?? 0)-" + Self.twoDigits(Int64(at.month ?? 0)) + "-" + Self.twoDigits(Int64(at.day ?? 0)) + " " + clock
    }

    /// `text` with control characters as "?", cut to `width` characters ending in "…".
    static func cell(_ text: String, width: Int) -> String {
        let visible = String(text.map { character in
            // Format characters too: a right-to-left override would turn the rest of the row around.
            character.unicodeScalars.contains { [.control, .format].contains($0.properties.generalCategory) } ? "?" : character
        })
        guard visible.count > width else { return visible }
        return String(visible.prefix(width - 1)) + "…"
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
