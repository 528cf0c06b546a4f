"""A Streamlit page session spoken over Streamlit's websocket protocol, as the browser's page
speaks it: open a page (a rerun with the address's query), click (a rerun with widget states),
read what the run drew. The benchmarks use it to measure the server, not a browser's own work."""
from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg


@dataclass(frozen=True)
class Uploaded:
    """A file the uploader widget holds (sent as its state)."""
    file_id: str
    name: str
    size: int
    url: str


class PageSession:
    """One browser tab: ``await session.open()``, then ``await session.rerun({"key": value})``.
    Widget states are sent by the widgets' keys, learnt from what the runs drew."""

    def __init__(self, base: str, path: str = "", query: str = "", cookie: str | None = None):
        self.url = base.replace("http://", "ws://") + "/_stcore/stream"
        self.path, self.query = path.strip("/"), query
        self.headers = {"Cookie": cookie} if cookie else {}
        self.widgets: dict[str, str] = {}       # widget key -> widget id
        self.states: dict[str, object] = {}     # the values set so far, sent with every rerun
        self.page_hash = ""
        self.session_id = ""
        self.base, self.cookie = base, cookie or ""
        self.ws = None

    async def __aenter__(self) -> "PageSession":
        self.ws = await websockets.connect(self.url, subprotocols=["streamlit"], max_size=None,
                                           ping_interval=None, additional_headers=self.headers)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.ws.close()

    async def open(self) -> tuple[float, list[str]]:
        return await self.rerun()

    async def rerun(self, changes: dict[str, object] | None = None, trigger: str | None = None) -> tuple[float, list[str]]:
        """Send a rerun (what a click or a typed value does) and read until the run ends:
        (seconds, texts drawn). ``trigger`` names a button pressed in this run only."""
        self.states.update(changes or {})
        back = BackMsg()
        client = back.rerun_script
        client.query_string = self.query
        client.page_script_hash = self.page_hash
        client.page_name = self.path
        for key, value in [*self.states.items(), *([(trigger, True)] if trigger else [])]:
            state = client.widget_states.widgets.add()
            state.id = self.widgets[key]
            if isinstance(value, Uploaded):
                info = state.file_uploader_state_value.uploaded_file_info.add()
                info.file_id, info.name, info.size = value.file_id, value.name, value.size
                info.file_urls.file_id = value.file_id
                info.file_urls.upload_url = info.file_urls.delete_url = value.url
            elif value is True:
                state.trigger_value = True
            elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
                state.string_array_value.data.extend(value)         # a select slider, a multiselect
            elif isinstance(value, (list, tuple)):
                state.double_array_value.data.extend(float(v) for v in value)    # a slider
            elif isinstance(value, float):
                state.double_value = value
            elif isinstance(value, int):
                state.int_value = value
            else:
                state.string_value = str(value)
        start = time.perf_counter()
        await self.ws.send(back.SerializeToString())
        texts: list[str] = []
        while True:
            message = ForwardMsg()
            message.ParseFromString(await self.ws.recv())
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self.session_id = message.new_session.initialize.session_id
            elif kind == "navigation":
                self.page_hash = message.navigation.page_script_hash
            elif kind == "page_not_found":
                raise RuntimeError(f"no page at /{self.path}")
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                body = getattr(element, element.WhichOneof("type"))
                if element.WhichOneof("type") == "exception":
                    raise RuntimeError(f"the page failed: {body.type}: {body.message}")
                if getattr(body, "id", ""):
                    self.widgets[body.id.rsplit("-", 1)[-1]] = body.id
                texts.append(getattr(body, "body", "") or getattr(body, "label", "") or "")
            elif kind == "script_finished" and message.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                return time.perf_counter() - start, texts


async def upload(page: PageSession, key: str, data: bytes, name: str) -> Uploaded:
    """Put a file to Streamlit's upload endpoint as the uploader widget ``key`` does, and hold it
    in that widget's state for the next rerun."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from ws_client import put_file
    file_id = str(uuid.uuid4())
    status = await asyncio.to_thread(put_file, page.base, page.session_id, data, page.cookie, name, True, file_id)
    if status != 204:
        raise RuntimeError(f"the upload was refused ({status})")
    held = Uploaded(file_id, name, len(data), f"/_stcore/upload_file/{page.session_id}/{file_id}")
    page.states[key] = held
    return held
