"""QR codes for personal poll links (for polling at the table from a phone)."""
from __future__ import annotations

import io

import segno


def qr_png(link: str, scale: int = 5) -> bytes:
    code = segno.make(link, error="m")
    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=2)
    return out.getvalue()
