#!/usr/bin/env python3
"""The console's cost with many live calls (docs/PERFORMANCE.md, "Console"), against a server that
hold_calls.py filled: the list's and a timeline's answer times, the page's load time in headless Chromium
(navigation to the first page of calls drawn), and the feed's CPU per viewer (the server's CPU over a window
with no viewer, then with V viewers reading the stream). Prints one JSON object.
"""
import http.client
import json
import statistics
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

port, pid, viewers, window = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
ticks = 100  # clock ticks per second (os.sysconf("SC_CLK_TCK") on Linux)


def get(path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    started = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - started
    connection.close()
    assert response.status == 200, (path, response.status, body[:200])
    return elapsed * 1000, body


def cpu_seconds():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


def median_of(path, runs=30):
    times = [get(path)[0] for _ in range(runs)]
    return round(statistics.median(times), 2)


result = {}
_, body = get("/v1/admin/calls/live?limit=1")
result["liveCalls"] = json.loads(body)["total"]
_, body = get("/v1/admin/calls/live?limit=100")
page = json.loads(body)
result["listPageBytes"] = len(body)
result["listMs"] = median_of("/v1/admin/calls/live?limit=100")
result["listLastPageMs"] = median_of("/v1/admin/calls/live?limit=100&state=connected")
result["listFilteredByUserMs"] = median_of("/v1/admin/calls/live?limit=100&user=caller-7")
result["timelineMs"] = median_of(f"/v1/admin/calls/{page['calls'][0]['call']}/timeline")
result["sessionsMs"] = median_of("/v1/admin/sessions?limit=100")

# The page: five loads from a fresh browser each time (no cache), navigation to the first list drawn.
loads = []
for _ in range(5):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(f"http://127.0.0.1:{port}/console")
        WebDriverWait(driver, 30, poll_frequency=0.02).until(
            lambda d: d.execute_script("return performance.getEntriesByName('calls-drawn').length") > 0)
        loads.append(driver.execute_script("return performance.getEntriesByName('calls-drawn')[0].startTime"))
        result["rowsDrawn"] = driver.execute_script("return document.querySelectorAll('#calls-body tr').length")
    finally:
        driver.quit()
result["pageLoadMs"] = round(statistics.median(loads), 1)
result["pageLoadsMs"] = [round(x, 1) for x in loads]

# The feed: the server's CPU with no viewer, then with `viewers` of them, each over `window` seconds.
time.sleep(2)
before = cpu_seconds()
time.sleep(window)
idle = cpu_seconds() - before

stop = threading.Event()
received = [0] * viewers


def view(index):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/v1/admin/feed")
    response = connection.getresponse()
    while not stop.is_set():
        line = response.fp.readline()
        if not line:
            break
        if line.startswith(b"data: "):
            received[index] += 1
    connection.close()


threads = [threading.Thread(target=view, args=(i,), daemon=True) for i in range(viewers)]
for thread in threads:
    thread.start()
time.sleep(3)
before = cpu_seconds()
start_counts = sum(received)
time.sleep(window)
busy = cpu_seconds() - before
samples = sum(received) - start_counts
stop.set()
result["feedViewers"] = viewers
result["feedSamplesDelivered"] = samples
result["serverCpuIdlePerSecondMs"] = round(idle / window * 1000, 2)
result["serverCpuWithViewersPerSecondMs"] = round(busy / window * 1000, 2)
result["feedCpuPerViewerPerSecondMs"] = round(max(0.0, busy - idle) / window / viewers * 1000, 3)
print(json.dumps(result))
