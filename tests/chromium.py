"""Drive headless Chromium over the DevTools protocol on a pipe.

``--remote-debugging-pipe`` makes Chromium read CDP commands from fd 3 and
write responses/events to fd 4 as NUL-terminated JSON, so no websocket
library and no open port are needed. The browser runs hermetically: fresh
profile, no network services, no GPU, no sandbox (CI runs as root).

What a check collects: every console error (``console.error``, uncaught
exceptions, failed resource loads reported through the Log domain), every
JavaScript dialog (an ``alert`` means injected markup ran), the values of
expressions evaluated after the page settled, and a full-page screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--mute-audio",
    "--remote-debugging-pipe",
)


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


@dataclass
class PageReport:
    """What one page load produced."""

    url: str
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    screenshot: Path | None = None


class _Pipe:
    """CDP client over Chromium's debugging pipe."""

    def __init__(self, write_fd: int, read_fd: int) -> None:
        self._write_fd = write_fd
        self._read_fd = read_fd
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def _receive(self, deadline: float) -> dict[str, Any] | None:
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self._read_fd], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self._read_fd, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the debugging pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(message)
        if parsed.get("method") == "Page.javascriptDialogOpening":
            # A dialog blocks the page; dismiss it at once (it is still recorded as an event).
            self._next_id += 1
            dismiss = {"id": self._next_id, "method": "Page.handleJavaScriptDialog",
                       "params": {"accept": True}, "sessionId": parsed.get("sessionId")}
            os.write(self._write_fd, json.dumps(dismiss).encode() + b"\0")
        return parsed

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 30.0) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._write_fd, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply is None:
                raise TimeoutError(f"no reply to {method} within {timeout} s")
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        if any(event["method"] == method for event in self.events):
            return True
        while True:
            event = self._receive(deadline)
            if event is None:
                return False
            if "method" in event:
                self.events.append(event)
                if event["method"] == method:
                    return True

    def drain(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while True:
            event = self._receive(deadline)
            if event is None:
                return
            if "method" in event:
                self.events.append(event)


def _describe_errors(events: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    errors: list[str] = []
    dialogs: list[str] = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            description = details.get("exception", {}).get("description") or details.get("text", "")
            errors.append(f"exception: {description} ({details.get('url', '')}:{details.get('lineNumber', '')})")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            texts = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
            errors.append("console." + params["type"] + ": " + " ".join(texts))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            errors.append(f"log: {entry.get('text', '')} {entry.get('url', '')}".strip())
        elif method == "Page.javascriptDialogOpening":
            dialogs.append(f"{params.get('type')}: {params.get('message')}")
    return errors, dialogs


def check_page(path: Path, screenshot: Path, expressions: dict[str, str] | None = None,
               settle_seconds: float = 1.0, width: int = 1280, max_height: int = 4000) -> PageReport:
    """Load ``path`` in headless Chromium; report errors, values, screenshot."""
    chromium = find_chromium()
    if chromium is None:
        raise FileNotFoundError("chromium not found on PATH (apt-get install chromium)")
    url = path.resolve().as_uri()
    report = PageReport(url)
    to_child_r, to_child_w = os.pipe()
    from_child_r, from_child_w = os.pipe()
    # Chromium expects its command pipe on fd 3 and its reply pipe on fd 4.
    with tempfile.TemporaryDirectory(prefix="hlsight-chromium-") as profile:

        def child_fds() -> None:
            command, reply = os.dup(to_child_r), os.dup(from_child_w)  # above 4: no clobbering
            os.dup2(command, 3)
            os.dup2(reply, 4)

        process = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),  # kept open after child_fds() has put the pipes there
            preexec_fn=child_fds,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        pipe = _Pipe(to_child_w, from_child_r)
        try:
            target = pipe.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Runtime", "Log", "Page"):
                pipe.call(f"{domain}.enable", session=session)
            pipe.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=session)
            pipe.call("Page.navigate", {"url": url}, session=session)
            if not pipe.wait_for("Page.loadEventFired", timeout=30):
                report.errors.append("page did not finish loading within 30 s")
            pipe.drain(settle_seconds)
            for name, expression in (expressions or {}).items():
                value = pipe.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                                  session=session)
                report.values[name] = value.get("result", {}).get("value")
            metrics = pipe.call("Page.getLayoutMetrics", session=session)
            content = metrics.get("cssContentSize") or metrics.get("contentSize") or {}
            height = int(min(max(content.get("height", 900), 300), max_height))
            pipe.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
            shot = pipe.call("Page.captureScreenshot", {"format": "png"}, session=session)
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            screenshot.write_bytes(base64.b64decode(shot["data"]))
            report.screenshot = screenshot
            pipe.drain(0.1)
            with_errors = _describe_errors(pipe.events)
            report.errors.extend(with_errors[0])
            report.dialogs.extend(with_errors[1])
            with contextlib.suppress(RuntimeError, TimeoutError):
                pipe.call("Browser.close", timeout=5)
        finally:
            os.close(to_child_w)
            os.close(from_child_r)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return report
