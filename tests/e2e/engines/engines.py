"""One test body, three browser engines: a thin adapter over each engine's driver.

- Chromium (Debian's /usr/bin/chromium) through Playwright, as the other e2e tests;
- Firefox (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi, driven from
  Python by a small Node bridge (firefox_bridge.mjs): no geckodriver can be installed here;
- WebKit (WebKitGTK's MiniBrowser, from webkit2gtk-driver) through Selenium and
  WebKitWebDriver, on an Xvfb display of its own: MiniBrowser has no headless mode.

Every engine offers the same few verbs (`Engine`): open a fresh page, go to a URL,
evaluate a JavaScript expression (awaited when it is a promise), click at a point of the
viewport, resize the viewport, take a screenshot, and hand over the errors seen. The
page's own errors are caught by HOOKS, installed before the page's scripts where the
driver can (Playwright, BiDi) and right after the load where it cannot (WebKitWebDriver,
whose MiniBrowser prints no console in automation mode).

A test picks engines with the `engine` fixture (conftest_engines.py): all three by
default, `-k firefox` for one, KNIGHT_ENGINES=chromium,webkit for a list.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "ENGINES",
    "FIREFOX",
    "HOOKS",
    "MINIBROWSER",
    "WEBKIT_DRIVER",
    "Engine",
    "launch",
    "missing",
]

FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
ENGINES = ("chromium", "firefox", "webkit")
DRIVER_TIMEOUT_S = 180  # a WebKitWebDriver command's limit (scripts have 120 s of their own)
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")

# The page's uncaught errors and unhandled rejections, kept where the test reads them.
HOOKS = """
if (!globalThis.knightErrors) {
  globalThis.knightErrors = [];
  addEventListener("error", (e) => knightErrors.push("error: " + (e.message || e.type)));
  addEventListener("unhandledrejection", (e) =>
    knightErrors.push("unhandled rejection: " + (e.reason && e.reason.message || e.reason)));
}
"""


class Engine(Protocol):
    """What a cross-engine test may ask of a browser."""

    name: str

    def new_page(self) -> None: ...
    def goto(self, url: str) -> None: ...
    def evaluate(self, expression: str) -> Any: ...
    def click(self, x: float, y: float) -> None: ...
    def point(self, x: float, y: float) -> None: ...
    def resize(self, width: int, height: int) -> None: ...
    def screenshot(self, path: Path) -> None: ...
    def errors(self) -> list[str]: ...
    def close(self) -> None: ...


def missing(name: str) -> str:
    """What this machine lacks for engine `name` ("" if nothing)."""
    needs = {
        "chromium": [Path("/usr/bin/chromium")],
        "firefox": [FIREFOX, Path("node_modules/puppeteer-core")],
        "webkit": [WEBKIT_DRIVER, MINIBROWSER],
    }[name]
    absent = [str(p) for p in needs if not p.exists()]
    if name == "webkit" and shutil.which("Xvfb") is None:
        absent.append("Xvfb")
    return ", ".join(absent)


class Chromium:
    """Playwright's Chromium: a fresh context per page (service workers allowed)."""

    name = "chromium"

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.context: Any = None
        self.page: Any = None
        self.seen: list[str] = []
        self.size = {"width": 1280, "height": 900}

    def new_page(self) -> None:
        if self.context:
            self.context.close()
        self.context = self.browser.new_context(viewport=self.size, device_scale_factor=1)
        self.context.add_init_script(HOOKS)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.seen.append(f"page error: {error}"))
        self.page.on("console", self.console)

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.seen.append(f"console: {message.text}")

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, expression: str) -> Any:
        return self.page.evaluate(f"async () => ({expression})")

    def click(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def point(self, x: float, y: float) -> None:
        self.page.mouse.move(x, y)

    def resize(self, width: int, height: int) -> None:
        self.size = {"width": width, "height": height}
        self.page.set_viewport_size(self.size)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def errors(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen

    def close(self) -> None:
        if self.context:
            self.context.close()


class Firefox:
    """firefox-esr through puppeteer-core's BiDi, via firefox_bridge.mjs."""

    name = "firefox"

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", str(BRIDGE), str(FIREFOX), HOOKS],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=BRIDGE.parents[3],
        )
        self.next_id = 0
        self.answer(0)  # launched

    def answer(self, wanted: int) -> Any:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the Firefox bridge ended (exit {self.process.poll()})")
            reply = json.loads(line)
            if reply["id"] == wanted:
                if "error" in reply:
                    raise RuntimeError(reply["error"])
                return reply["ok"]

    def call(self, cmd: str, **args: Any) -> Any:
        assert self.process.stdin is not None
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, "cmd": cmd, **args}) + "\n")
        self.process.stdin.flush()
        return self.answer(self.next_id)

    def new_page(self) -> None:
        self.call("newPage")

    def goto(self, url: str) -> None:
        self.call("goto", url=url)

    def evaluate(self, expression: str) -> Any:
        return self.call("evaluate", expression=expression)

    def click(self, x: float, y: float) -> None:
        self.call("click", x=x, y=y)

    def point(self, x: float, y: float) -> None:
        self.call("point", x=x, y=y)

    def resize(self, width: int, height: int) -> None:
        self.call("viewport", width=width, height=height)

    def screenshot(self, path: Path) -> None:
        self.call("screenshot", path=str(path))

    def errors(self) -> list[str]:
        return list(self.call("errors"))

    def close(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.call("close")
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class WebKit:
    """WebKitGTK's MiniBrowser through Selenium and WebKitWebDriver, on its own Xvfb."""

    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        read, write = os.pipe()
        # -displayfd: Xvfb picks a free display and writes its number.
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
            pass_fds=(write,), stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as numbers:
            display = numbers.readline().strip()
        env = {**os.environ, "DISPLAY": f":{display}"}

        def start_driver() -> Any:
            options = Options()
            options.binary_location = str(MINIBROWSER)
            options.add_argument("--automation")
            # Selenium waits on its driver without a time limit (its client takes the
            # socket default): a MiniBrowser that died under a live WebKitWebDriver held a
            # CI run for 10 minutes. Every command gets a limit past the scripts' own.
            before = socket.getdefaulttimeout()
            socket.setdefaulttimeout(DRIVER_TIMEOUT_S)
            try:
                driver = webdriver.WebKitGTK(
                    options=options, service=Service(executable_path=str(WEBKIT_DRIVER), env=env)
                )
            finally:
                socket.setdefaulttimeout(before)
            driver.set_script_timeout(120)
            driver.set_page_load_timeout(60)
            self.driver = driver
            self.resize(1280, 900)
            return driver

        self.start_driver = start_driver
        self.driver = start_driver()

    def new_page(self) -> None:
        # A new automation session: MiniBrowser's is ephemeral, so no service worker, cache
        # or storage of the last page (unregistering them in place left a Learn run hanging).
        self.driver.quit()
        self.driver = self.start_driver()

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self.evaluate(f"(() => {{ {HOOKS} }})()")  # no earlier: no preload scripts here

    def evaluate(self, expression: str) -> Any:
        return self.driver.execute_script(f"return (async () => ({expression}))();")

    def click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y)).click()  # type: ignore[no-untyped-call]
        actions.perform()

    def point(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y))  # type: ignore[no-untyped-call]
        actions.perform()

    def resize(self, width: int, height: int) -> None:
        # The window's outer size: make the viewport itself the size asked.
        self.driver.set_window_size(width, height)
        for _ in range(3):
            inner = self.driver.execute_script("return [innerWidth, innerHeight]")
            dw, dh = width - inner[0], height - inner[1]
            if dw == 0 and dh == 0:
                return
            size = self.driver.get_window_size()
            self.driver.set_window_size(size["width"] + dw, size["height"] + dh)
            # The page sees the new size a moment later: polled, for at most 5 s.
            end = time.monotonic() + 5
            while self.driver.execute_script("return [innerWidth, innerHeight]") == inner and time.monotonic() < end:
                time.sleep(0.02)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        return []  # MiniBrowser prints no console in automation mode: HOOKS catch errors

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            self.xvfb.wait(10)


def launch(name: str, chromium: Any = None) -> Engine:
    """Engine `name` started; `chromium` is Playwright's browser for "chromium"."""
    if name == "chromium":
        return Chromium(chromium)
    if name == "firefox":
        return Firefox()
    if name == "webkit":
        return WebKit()
    raise ValueError(f"unknown engine {name!r}: one of {', '.join(ENGINES)}")
