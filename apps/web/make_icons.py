"""Draws the installed app's PNG icons from the club's SVG icon (``static/web/icons/icon.svg``)
with Debian's Chromium through Playwright (the browser the tests use; nothing else to install).
``make icons`` runs it after the SVG changes; the PNGs it writes are committed.

- ``icon-192.png``, ``icon-512.png``: the icon as drawn (rounded felt, transparent corners),
  for the launcher and the install prompt (``purpose: any``).
- ``icon-maskable-512.png``: the felt to every edge and the cards shrunk into the middle 80 %
  (the safe zone), so a launcher may cut it into any shape (``purpose: maskable``).
- ``apple-touch-icon.png`` (180): full felt, for iOS's home screen (it rounds the corners).
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent / "static" / "web" / "icons"
SOURCE = ICONS / "icon.svg"
CHROMIUM = Path("/usr/bin/chromium")
# The cards' middle, and how far they shrink to fit the maskable icon's safe zone (a circle of
# 40 % of the size around the middle).
CARDS_CENTRE = (263, 265)
SAFE_SCALE = 0.74


def full_bleed(svg: str, scale: float) -> str:
    """The icon with square felt to the edges and the cards scaled about the middle."""
    x, y = CARDS_CENTRE
    svg = svg.replace('rx="112" fill="#1f5130"', 'fill="#1f5130"', 1)
    transform = f'transform="translate(256 256) scale({scale}) translate({-x} {-y})"'
    return svg.replace('<g id="cards">', f'<g id="cards" {transform}>', 1)


def variants(svg: str) -> dict[str, tuple[str, int]]:
    """File name → (SVG, size in pixels)."""
    return {
        "icon-192.png": (svg, 192),
        "icon-512.png": (svg, 512),
        "icon-maskable-512.png": (full_bleed(svg, SAFE_SCALE), 512),
        "apple-touch-icon.png": (full_bleed(svg, 0.86), 180),
    }


def main() -> None:
    svg = SOURCE.read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        for name, (drawing, size) in variants(svg).items():
            page = browser.new_page(viewport={"width": size, "height": size})
            data = base64.b64encode(drawing.encode()).decode()
            page.set_content(
                '<body style="margin:0">'
                f'<img src="data:image/svg+xml;base64,{data}" width="{size}" height="{size}" '
                'style="display:block"></body>'
            )
            page.locator("img").evaluate("img => img.decode()")
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
