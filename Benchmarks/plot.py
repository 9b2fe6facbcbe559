#!/usr/bin/env python3
"""Side-by-side tables, knees and a chart of Benchmarks/compare's results.

    python3 Benchmarks/plot.py DIR

Reads DIR/switchboard.csv (from `switchboard loadtest calls --csv`, with Benchmarks/compare's CPU columns
appended), DIR/sip-reference.csv (Benchmarks/sip-reference --reference tm: system `kamailio-tm`, or
`kamailio+sipp` in results from before there were two references) and DIR/sip-reference-persistent.csv
(--reference persistent: `kamailio-dialog-acc`); whichever are there. They share one header (Switchboard's adds
`refused_cps`: calls the server refused at once as overloaded, which are not failures), and newer runs end
with `server_cpu_ms_per_call,load_cpu_ms_per_call` (CPU per established call of the server process(es) and of
the load: Switchboard's generator; SIPp's UAC and UAS). Prints a Markdown table of the systems by offered rate
(the knee columns), a second one of the CPU per established call (when the CSVs have it), each system's knee
(the highest offered rate with at least 99.9 % of calls established), Switchboard's knee over each
reference's, and how each held up offered twice its knee and more (established against the knee's, refused,
failed), and writes DIR/latency-vs-rate.svg: established calls/s, invite-to-ring p50/p99 and the server's CPU
per call against the offered rate. DIR/mode.txt (pinned or not), when there, is printed first.

The SVG is written by hand: the docs need one static chart of a few polylines, which does not justify a
plotting stack (matplotlib is not on these machines).
"""
import csv
import math
import os
import sys

COLORS = {"switchboard": "#1f6feb", "kamailio-tm": "#d1242f", "kamailio+sipp": "#d1242f",
          "kamailio-dialog-acc": "#9a6700"}
# The SIP references' files; each row names its system (kamailio+sipp: the tm reference before it had a name).
SIP_FILES = ("sip-reference.csv", "sip-reference-persistent.csv")
TM_NAMES = ("kamailio-tm", "kamailio+sipp")
PERSISTENT_NAME = "kamailio-dialog-acc"
KNEE_FAILED_PCT = 0.1


def load(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        rows = []
        for row in csv.DictReader(f):
            # "-" (or nothing) is a latency no call had (a collapsed rate): not a number.
            rows.append({k: (row[k] if k == "system" else
                             float("nan") if row[k] in ("", "-") else float(row[k])) for k in row})
        return rows


def offered_key(row):
    # Rows are keyed by the rate asked for; the measured offered rate may differ by a fraction.
    return round(row["offered_cps"] / 25) * 25


def knee(rows):
    ok = [r for r in rows if r["failed_pct"] <= KNEE_FAILED_PCT and r["established_cps"] >= 0.98 * r["offered_cps"]]  # NaN compares false
    return max((r["offered_cps"] for r in ok), default=0)


def refused(row):
    """Calls refused at once as overloaded, per second (NaN where the system reports none)."""
    value = row.get("refused_cps", float("nan"))
    return value if isinstance(value, float) else float("nan")


def value(row, key):
    """A numeric column of a row, NaN when the row has no such column (older CSVs) or no value."""
    v = row.get(key, float("nan"))
    return v if isinstance(v, float) else float("nan")


def cpu_table(systems):
    """Each server's and each load's CPU per established call (ms), side by side; None without such columns."""
    names = [n for n, rows in systems.items() if any(not math.isnan(value(r, "server_cpu_ms_per_call")) for r in rows)]
    if not names:
        return None
    rates = sorted({offered_key(r) for n in names for r in systems[n]})
    head = ("| offered calls/s | " + " | ".join(f"{n}: server ms/call" for n in names) + " | "
            + " | ".join(f"{n}: load ms/call" for n in names) + " |")
    lines = [head, "|" + "---|" * (1 + 2 * len(names))]
    for rate in rates:
        cells = [f"{rate:.0f}"]
        for key in ("server_cpu_ms_per_call", "load_cpu_ms_per_call"):
            for n in names:
                row = next((r for r in systems[n] if offered_key(r) == rate), None)
                v = float("nan") if row is None else value(row, key)
                cells.append("" if math.isnan(v) else f"{v:.3f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def table(systems):
    rates = sorted({offered_key(r) for rows in systems.values() for r in rows})
    names = list(systems)
    head = "| offered calls/s | " + " | ".join(
        f"{n}: established/s | refused/s | failed % | ring p50 / p99 ms | setup p50 / p99 ms" for n in names) + " |"
    lines = [head, "|" + "---|" * (1 + 5 * len(names))]
    for rate in rates:
        cells = [f"{rate:.0f}"]
        for n in names:
            row = next((r for r in systems[n] if offered_key(r) == rate), None)
            if row is None:
                cells += ["", "", "", "", ""]
            else:
                cells += [f"{row['established_cps']:.0f}",
                          "" if math.isnan(refused(row)) else f"{refused(row):.0f}", f"{row['failed_pct']:.2f}",
                          f"{row['ring_p50_ms']:.2f} / {row['ring_p99_ms']:.2f}",
                          f"{row['setup_p50_ms']:.2f} / {row['setup_p99_ms']:.2f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def overload(rows, knee_rate):
    """How the system held up offered at least twice its knee: graceful means the established rate stays
    near the knee's and the excess is refused at once (or fails fast), not queued until it times out."""
    base = next((r for r in rows if r["offered_cps"] == knee_rate), None)
    if not knee_rate or base is None:
        return []
    lines = []
    for row in sorted(rows, key=lambda r: r["offered_cps"]):
        if row["offered_cps"] < 1.9 * knee_rate:
            continue
        kept = row["established_cps"] / base["established_cps"] * 100
        shed = "" if math.isnan(refused(row)) else f", refused {refused(row):.0f}/s"
        lines.append(f"{row['offered_cps'] / knee_rate:.1f}x the knee ({row['offered_cps']:.0f}/s): established "
                     f"{row['established_cps']:.0f}/s ({kept:.0f} % of the knee's){shed}, failed {row['failed_pct']:.2f} %, "
                     f"ring p50 / p99 {row['ring_p50_ms']:.1f} / {row['ring_p99_ms']:.1f} ms")
    return lines


def svg_chart(x0, y0, w, h, title, series, ylabel, log_y=False):
    """One chart: series is [(label, color, dashed, [(x, y)])]."""
    series = [(label, color, dashed, [(x, y) for x, y in pts if not math.isnan(y)]) for label, color, dashed, pts in series]
    xs = [x for _, _, _, pts in series for x, _ in pts] or [1]
    ys = [y for _, _, _, pts in series for _, y in pts if y > 0] or [1]
    xmax = max(xs) * 1.05
    if log_y:
        ylo, yhi = 10 ** math.floor(math.log10(min(ys))), 10 ** math.ceil(math.log10(max(ys)))
        def ty(v):
            v = max(v, ylo)
            return y0 + h - (math.log10(v) - math.log10(ylo)) / (math.log10(yhi) - math.log10(ylo)) * h
        ticks = [10 ** e for e in range(int(math.log10(ylo)), int(math.log10(yhi)) + 1)]
    else:
        yhi = max(ys) * 1.1
        def ty(v):
            return y0 + h - v / yhi * h
        step = 10 ** math.floor(math.log10(yhi / 2))
        ticks = [i * step for i in range(0, int(yhi / step) + 1)]
    def tx(v):
        return x0 + v / xmax * w
    out = [f'<text x="{x0 + w / 2}" y="{y0 - 12}" text-anchor="middle" font-weight="bold">{title}</text>',
           f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="#888"/>']
    for t in ticks:
        out.append(f'<line x1="{x0}" x2="{x0 + w}" y1="{ty(t):.1f}" y2="{ty(t):.1f}" stroke="#eee"/>')
        out.append(f'<text x="{x0 - 6}" y="{ty(t) + 4:.1f}" text-anchor="end" font-size="11">{t:g}</text>')
    xstep = 10 ** math.floor(math.log10(xmax / 2)) if xmax > 10 else 1
    for i in range(0, int(xmax / xstep) + 1):
        t = i * xstep
        out.append(f'<text x="{tx(t):.1f}" y="{y0 + h + 16}" text-anchor="middle" font-size="11">{t:g}</text>')
    out.append(f'<text x="{x0 + w / 2}" y="{y0 + h + 34}" text-anchor="middle" font-size="12">offered calls/s</text>')
    out.append(f'<text transform="translate({x0 - 48},{y0 + h / 2}) rotate(-90)" text-anchor="middle" font-size="12">{ylabel}</text>')
    for i, (label, color, dashed, pts) in enumerate(series):
        if not pts:
            continue
        path = " ".join(f"{tx(x):.1f},{ty(y):.1f}" for x, y in sorted(pts))
        dash = ' stroke-dasharray="5,4"' if dashed else ""
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
        for x, y in pts:
            out.append(f'<circle cx="{tx(x):.1f}" cy="{ty(y):.1f}" r="3" fill="{color}"/>')
        ly = y0 + 16 + 16 * i
        out.append(f'<line x1="{x0 + 10}" x2="{x0 + 34}" y1="{ly - 4}" y2="{ly - 4}" stroke="{color}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{x0 + 40}" y="{ly}" font-size="11">{label}</text>')
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    systems = {}
    rows = load(os.path.join(directory, "switchboard.csv"))
    if rows:
        systems["switchboard"] = rows
    for file in SIP_FILES:
        for row in load(os.path.join(directory, file)):
            systems.setdefault(row.get("system") or file, []).append(row)
    if not systems:
        sys.exit(f"plot.py: no results in {directory}")
    mode = os.path.join(directory, "mode.txt")
    if os.path.exists(mode):
        with open(mode) as f:
            print(f"mode: {f.read().strip()}")
        print()
    print(table(systems))
    print()
    cpu = cpu_table(systems)
    if cpu:
        print("CPU per established call (utime+stime from /proc over the load run; server = switchboard serve, or "
              "Kamailio's main process and all its children; load = the load generator, or SIPp's UAC and UAS):")
        print()
        print(cpu)
        print()
    knees = {n: knee(rows) for n, rows in systems.items()}
    for n, k in knees.items():
        print(f"knee of {n}: {k:.0f} calls/s (highest offered rate with >= {100 - KNEE_FAILED_PCT} % established)")
    if "switchboard" in knees:
        for reference in (PERSISTENT_NAME,) + TM_NAMES:
            if reference not in knees:
                continue
            if knees[reference]:
                print(f"ratio switchboard / {reference}: {knees['switchboard'] / knees[reference]:.2f}x")
            else:
                print(f"ratio switchboard / {reference}: - ({reference} has no knee among these rates)")
    for n, rows in systems.items():
        for line in overload(rows, knees[n]):
            print(f"overload of {n}: {line}")

    throughput = [(n, COLORS.get(n, "#555"), False, [(r["offered_cps"], r["established_cps"]) for r in rows])
                  for n, rows in systems.items()]
    latency = []
    for n, rows in systems.items():
        latency.append((f"{n} ring p50", COLORS.get(n, "#555"), False, [(r["offered_cps"], r["ring_p50_ms"]) for r in rows]))
        latency.append((f"{n} ring p99", COLORS.get(n, "#555"), True, [(r["offered_cps"], r["ring_p99_ms"]) for r in rows]))
    cpu_series = []
    for n, rows in systems.items():
        cpu_series.append((f"{n} server", COLORS.get(n, "#555"), False,
                           [(r["offered_cps"], value(r, "server_cpu_ms_per_call")) for r in rows]))
        cpu_series.append((f"{n} load", COLORS.get(n, "#555"), True,
                           [(r["offered_cps"], value(r, "load_cpu_ms_per_call")) for r in rows]))
    has_cpu = any(not math.isnan(y) for _, _, _, pts in cpu_series for _, y in pts)
    width = 1500 if has_cpu else 1000
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="400" font-family="sans-serif">',
             f'<rect width="{width}" height="400" fill="white"/>']
    parts += svg_chart(80, 40, 380, 300, "Established vs offered", throughput, "established calls/s")
    parts += svg_chart(580, 40, 380, 300, "Invite to ring", latency, "ms (log)", log_y=True)
    if has_cpu:
        parts += svg_chart(1080, 40, 380, 300, "CPU per established call", cpu_series, "ms")
    parts.append("</svg>")
    path = os.path.join(directory, "latency-vs-rate.svg")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")
    print(f"chart: {path}")


if __name__ == "__main__":
    main()
