"""Where pollees' phones reach the server: the address helpers and `huddle addresses`."""
import pytest

from polling import settings
from test_cli import run, run_json


@pytest.mark.parametrize("url, loopback", [
    ("http://127.0.0.1:8501", True), ("http://127.8.0.1", True), ("http://localhost:8501/", True),
    ("http://[::1]:8501", True), ("app.localhost", True), ("http://192.0.2.2:8501", False),
    ("https://huddle.example.org", False), ("http://10.1.2.3:8501", False)])
def test_loopback_addresses_are_recognised(url, loopback):
    assert settings.is_loopback(url) is loopback


def test_network_addresses_leave_out_loopback():
    addresses = settings.network_addresses()
    assert all(not a.startswith("127.") for a in addresses)
    assert all(len(a.split(".")) == 4 for a in addresses)


def test_the_public_url_prefers_the_setting_then_the_network(monkeypatch):
    monkeypatch.setenv("HUDDLE_PUBLIC_URL", "https://huddle.example.org/")
    assert settings.public_url(8501) == "https://huddle.example.org"
    monkeypatch.delenv("HUDDLE_PUBLIC_URL")
    assert settings.public_url(8600, "127.0.0.1") == "http://127.0.0.1:8600"
    expected = settings.network_addresses()
    url = settings.public_url(8600)
    assert url == (f"http://{expected[0]}:8600" if expected else "http://127.0.0.1:8600")


def test_huddle_addresses_warns_about_loopback(capsys, monkeypatch):
    monkeypatch.delenv("HUDDLE_PUBLIC_URL", raising=False)
    code, out, _ = run(capsys, "addresses", "--host", "127.0.0.1", "--port", "8600")
    assert code == 0 and "Pollees' phones on this network: http://127.0.0.1:8600" in out
    assert "Only this machine can open that address" in out
    monkeypatch.setenv("HUDDLE_PUBLIC_URL", "https://td.example.org")
    assert run_json(capsys, "addresses")["public_url"] == "https://td.example.org"


def test_make_run_serves_every_interface_and_prints_the_address():
    from conftest import ROOT
    makefile = (ROOT / "Makefile").read_text()
    assert "HOST   ?= 0.0.0.0" in makefile and "--server.address $(HOST)" in makefile
    assert "huddle addresses --host $(HOST) --port $(PORT)" in makefile
    assert "--logger.hideWelcomeMessage true" in makefile      # no lookup of an external address
