#!/usr/bin/env python3
"""The console in a real browser (docs/SERVER.md, "Console"), run by scripts/console-test against a server it
started with two apps and calls placed in both: Chromium headless through selenium. Every wait is bounded.

Checks, in order: bad credentials get the login prompt and nothing else; the app's live calls appear with
their states and surfaces, and none of the other app's; a call's timeline; sessions and records; the live feed
fills the tiles and charts; the console's endpoints refuse the other app's data; "End call" asks first, then
ends the call, which leaves the list and shows as ended in its timeline. Screenshots at desktop and phone
widths go to --screenshots.
"""
import argparse
import json
import sys

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 15  # seconds, at most, for anything the page does

passed = []


def check(name, condition, detail=""):
    if not condition:
        raise AssertionError(f"{name}: {detail}")
    passed.append(name)
    print(f"  ok  {name}", flush=True)


def browser(width, height, phone=False):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={max(width, 800)},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    if phone:
        # A headless window is at least 500 px wide: a phone's viewport is emulated instead.
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what):
    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.1).until(condition)
    except TimeoutException:
        raise AssertionError(f"timed out after {WAIT} s waiting for {what}")


def visible(driver, element_id):
    return driver.find_element(By.ID, element_id).is_displayed()


def sign_in(driver, app, secret):
    wait(driver, lambda d: visible(d, "login"), "the login prompt")
    driver.find_element(By.ID, "login-app").clear()
    driver.find_element(By.ID, "login-app").send_keys(app)
    driver.find_element(By.ID, "login-secret").clear()
    driver.find_element(By.ID, "login-secret").send_keys(secret)
    driver.find_element(By.ID, "login-submit").click()


def call_rows(driver):
    """The calls list as the page shows it, read in one go: the list is redrawn whenever the feed says a call
    changed, so element handles kept across calls go stale."""
    return driver.execute_script("""
        return [...document.querySelectorAll("#calls-body tr")].map(row => {
            const cells = row.querySelectorAll("td");
            const people = {};
            for (const chip of cells[2].querySelectorAll(".person")) people[chip.querySelector("b").textContent] = chip.textContent;
            return {call: row.dataset.call, state: cells[1].textContent, people, timer: cells[3].textContent};
        });
    """)


def open_call(driver, call):
    """Clicks the call's row as a user would, finding it afresh (the list may have been redrawn)."""
    def click(d):
        try:
            d.find_element(By.CSS_SELECTOR, f'#calls-body tr[data-call="{call}"]').click()
            return True
        except StaleElementReferenceException:
            return False
    wait(driver, click, f"a click on call {call}")


def fetch_status(driver, path):
    """The status of a GET the page makes with its own credentials (sessionStorage), as its script does."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const saved = JSON.parse(sessionStorage.getItem("switchboard.console"));
        fetch(arguments[0], {headers: {Authorization: saved.auth}}).then(r => r.text().then(t => done([r.status, t])));
    """, path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--secret", required=True)
    parser.add_argument("--other-app", required=True)
    parser.add_argument("--other-secret", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()

    driver = browser(1280, 900)
    try:
        driver.set_script_timeout(WAIT)
        driver.get(args.base + "/console")

        # Bad credentials: the prompt again, with the refusal, and nothing of the app.
        sign_in(driver, args.app, "not-the-secret")
        wait(driver, lambda d: visible(d, "login-error"), "the refusal")
        check("bad credentials get the login prompt", visible(driver, "login") and not visible(driver, "console"))
        check("bad credentials show the refusal", "refused" in driver.find_element(By.ID, "login-error").text)
        check("bad credentials show no data", not driver.find_elements(By.CSS_SELECTOR, "#calls-body tr"))
        sign_in(driver, args.other_app, args.secret)
        wait(driver, lambda d: visible(d, "login-error"), "the refusal of another app's id with this secret")
        check("another app's id with this app's secret is refused", not visible(driver, "console"))

        # The app's calls, their states and surfaces.
        sign_in(driver, args.app, args.secret)
        wait(driver, lambda d: visible(d, "console") and len(call_rows(d)) == 3, "the app's three live calls")
        rows = call_rows(driver)
        by_caller = {next(iter(r["people"])): r for r in rows}
        check("the list shows the app's calls only", set(by_caller) == {"alice", "carol", "erin"}, str(by_caller.keys()))
        check("the list's total", driver.find_element(By.ID, "calls-total").text == "3")
        check("a ringing call and its invitee's state", by_caller["alice"]["state"] == "ringing"
              and "received" in by_caller["alice"]["people"]["bob"], str(by_caller["alice"]["people"]))
        check("an answered call is connected", by_caller["carol"]["state"] == "connected"
              and "accepted" in by_caller["carol"]["people"]["dave"], str(by_caller["carol"]["people"]))
        check("an offline invitee is not reached yet", "accepted" not in by_caller["erin"]["people"]["frank"])
        check("participants show their surface", "@cli" in by_caller["alice"]["people"]["bob"])
        check("each call shows how long it rang or ran", by_caller["carol"]["timer"].startswith("connected ")
              and by_caller["alice"]["timer"].startswith("ringing "))
        check("the other app's call is not in the page", "mallory" not in driver.page_source)

        # Filters.
        driver.find_element(By.ID, "filter-state").send_keys("connected")
        driver.find_element(By.CSS_SELECTOR, "#call-filters button").click()
        wait(driver, lambda d: len(call_rows(d)) == 1, "the connected filter")
        check("the state filter", next(iter(call_rows(driver)[0]["people"])) == "carol")
        driver.find_element(By.ID, "filter-state").send_keys("any")
        driver.find_element(By.CSS_SELECTOR, "#call-filters button").click()
        wait(driver, lambda d: len(call_rows(d)) == 3, "the filter cleared")

        # The live feed.
        wait(driver, lambda d: d.find_element(By.ID, "tile-ringing").text == "2", "the feed's ringing count")
        check("the feed fills the tiles", driver.find_element(By.ID, "tile-connected").text == "1"
              and driver.find_element(By.ID, "tile-sessions").text != "–")
        check("the feed is live", "live" in driver.find_element(By.ID, "feed-state").text)

        # A call's timeline.
        alice_call = by_caller["alice"]["call"]
        open_call(driver, alice_call)
        wait(driver, lambda d: visible(d, "timeline") and len(d.find_elements(By.CSS_SELECTOR, "#timeline-entries li")) >= 4,
             "the timeline")
        entries = driver.execute_script(
            'return Array.from(document.querySelectorAll("#timeline-entries li"), li => li.innerText);')
        check("the timeline starts with the invite and its sender", "invite from alice/" in entries[0], entries[0])
        check("the timeline lists the events told", any("invited to bob" in e for e in entries), str(entries))
        check("the timeline lists the invitee's acknowledgement", any("ack from bob/" in e for e in entries), str(entries))
        driver.save_screenshot(f"{args.screenshots}/desktop.png")

        # The console's endpoints refuse the other app's data, whatever the page is asked.
        status, body = fetch_status(driver, "/v1/admin/calls/live?user=mallory")
        check("the other app's user has no calls here", status == 200 and json.loads(body)["total"] == 0, body)
        other = json.loads(driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch("/v1/admin/calls/live", {headers: {Authorization: "Basic " + btoa(arguments[0] + ":" + arguments[1])}})
              .then(r => r.text()).then(done);
        """, args.other_app, args.other_secret))
        other_call = other["calls"][0]["call"]
        status, body = fetch_status(driver, f"/v1/admin/calls/{other_call}/timeline")
        check("another app's timeline is refused", status == 404 and "mallory" not in body, f"{status} {body}")

        # Sessions.
        driver.find_element(By.ID, "tab-sessions").click()
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#sessions-body tr")) >= 5, "the sessions")
        users = [r.find_element(By.TAG_NAME, "td").text for r in driver.find_elements(By.CSS_SELECTOR, "#sessions-body tr")]
        check("sessions list the app's users", {"alice", "bob", "carol", "dave", "erin"} <= set(users) and "mallory" not in users, str(users))
        check("sessions count by surface and link", "cli" in driver.find_element(By.ID, "sessions-counts").text
              and "attached" in driver.find_element(By.ID, "sessions-counts").text)

        # End call: asked first; keeping the call keeps it.
        driver.find_element(By.ID, "tab-calls").click()
        wait(driver, lambda d: visible(d, "panel-calls"), "the calls tab")
        driver.find_element(By.ID, "end-call").click()
        wait(driver, lambda d: d.find_element(By.ID, "confirm-end").is_displayed(), "the confirmation")
        check("the confirmation names the call", driver.find_element(By.ID, "confirm-call").text == alice_call)
        driver.find_element(By.ID, "confirm-cancel").click()
        wait(driver, lambda d: not d.find_element(By.ID, "confirm-end").is_displayed(), "the confirmation closed")
        check("keeping the call keeps it", any(r["call"] == alice_call for r in call_rows(driver)))
        driver.find_element(By.ID, "end-call").click()
        wait(driver, lambda d: d.find_element(By.ID, "confirm-end").is_displayed(), "the confirmation")
        driver.find_element(By.ID, "confirm-ok").click()
        wait(driver, lambda d: all(r["call"] != alice_call for r in call_rows(d)), "the ended call to leave the list")
        wait(driver, lambda d: "ended" in d.find_element(By.ID, "timeline-state").text, "the timeline to say ended")
        # Read in one script call: the feed may redraw the timeline between finding its entries and reading them.
        entries = driver.execute_script(
            'return Array.from(document.querySelectorAll("#timeline-entries li"), li => li.innerText);')
        check("the end call action ends the call", any("endedByAdmin" in e for e in entries) and "ended" in entries[-1], str(entries))
        check("an ended call cannot be ended again", not driver.find_element(By.ID, "end-call").is_enabled())

        # Records of a participant of the ended call.
        driver.find_element(By.ID, "tab-records").click()
        driver.find_element(By.ID, "records-user").send_keys("alice")
        driver.find_element(By.CSS_SELECTOR, "#record-filters button").click()
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#records-body tr")) >= 1, "alice's records")
        check("records show the ended call", alice_call in driver.find_element(By.ID, "records-body").text)

        # The refusals the test provoked are logged as failed loads ("network"); a script error is not one.
        severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and entry["source"] != "network"]
        check("no script errors", not severe, str(severe))
        driver.find_element(By.ID, "tab-calls").click()
    finally:
        driver.quit()

    # Phone width: the same page, stacked; signed in from a new browser.
    phone = browser(390, 844, phone=True)
    try:
        phone.get(args.base + "/console")
        sign_in(phone, args.app, args.secret)
        wait(phone, lambda d: visible(d, "console") and len(call_rows(d)) == 2, "the two calls left at phone width")
        open_call(phone, call_rows(phone)[0]["call"])
        wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#timeline-entries li")) >= 3, "a timeline at phone width")
        viewport, width = phone.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        check("the page fits a phone's width", viewport == 390 and width <= 390, f"{width} px wide in a {viewport} px viewport")
        phone.execute_script("document.querySelector('.tabs').scrollIntoView()")
        phone.save_screenshot(f"{args.screenshots}/phone.png")
    finally:
        phone.quit()
    print(f"console_test: {len(passed)} checks passed")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as error:
        print(f"console_test: FAILED: {error}", file=sys.stderr)
        sys.exit(1)
