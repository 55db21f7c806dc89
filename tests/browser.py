"""Debian's Chromium, as every browser test launches it (never a browser Playwright downloads)."""

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    # this machine's network is closed: no background connections, no updates, no sync
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # a fake microphone that needs no permission prompt (voice calls)
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
]
