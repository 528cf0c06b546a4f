"""The pollee's page as older players read and hit it: every suit at 4.5:1 against white, every
answer a target of 44 CSS px or more, and no sideways scrolling on a 320 px phone or at 200% zoom
(a 390 px phone's page is then 195 px wide). The page is the one a link opens (its route, on a
real SQLite file), drawn in Debian's chromium."""
import pytest

pytestmark = pytest.mark.browser


def _luminance(colour: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(colour: str, background: str = "#ffffff") -> float:
    """WCAG 2.1's contrast ratio of two sRGB colours."""
    light, dark = sorted((_luminance(colour), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_suit_is_drawn_at_four_and_a_half_to_one_or_more():
    """Before: the diamond was #e07000, 3.24:1 (a lone symbol, so axe-core does not check it)."""
    from reports.diagram import SUIT_COLOURS
    assert contrast("#e07000") < 4.5
    assert {suit: contrast(colour) >= 4.5 for suit, colour in SUIT_COLOURS.items()} == dict.fromkeys("SHDC", True)
    assert SUIT_COLOURS["D"] != SUIT_COLOURS["H"]


@pytest.fixture
def pollee_page(sqlite_url):
    """The page a pollee's link opens on the 6♦ case (a long auction: the widest table)."""
    from starlette.applications import Starlette
    from starlette.testclient import TestClient
    from huddle.web.server import _routes
    from polling import cases, services, setup
    setup.prepare_database()
    record = cases.find_case("laws033-6d-slam")
    poll = services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",))
    (invite,) = services.issue_invites(poll.id, ["Phone"])
    html = TestClient(Starlette(routes=_routes())).get("/p/" + invite.link("http://x").rsplit("/p/", 1)[1]).text
    assert "Submit my answer" in html
    return html


@pytest.mark.parametrize("width", [320, 195])
def test_the_pollee_s_page_reflows_and_every_answer_is_a_thumb_s_target(browser, pollee_page, width):
    """Before: each answer's row was 30 px high, and at 200% zoom the auction table was 205–211 px
    in a 195 px page, which scrolled sideways."""
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_content(pollee_page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    targets = page.evaluate("""() => [...document.querySelectorAll('.opt > label, button, summary')]
        .filter(e => e.offsetParent !== null).map(e => [e.textContent.trim(), e.getBoundingClientRect().height,
                                                        e.getBoundingClientRect().width])""")
    assert len(targets) > 10
    small = [(text, round(h), round(w)) for text, h, w in targets if h < 44 or w < 44]
    assert not small, small
    # a diamond drawn on the page in the colour the diagram gives it
    drawn = page.evaluate("""() => [...document.querySelectorAll('span[style]')]
        .filter(e => e.textContent === '\u2666').map(e => getComputedStyle(e).color)""")
    assert drawn and set(drawn) == {"rgb(180, 83, 9)"}
    context.close()



def test_the_sign_in_form_reads_at_four_and_a_half_to_one_and_its_fields_show_their_edges():
    """Before: the Sign-in button was white on #ff4b4b (3.3:1) and the fields' edges #c8c8d0 (1.6:1)."""
    import re
    from huddle.web.sign_in_pages import FORM_STYLE
    button = re.search(r"\.huddle-signin button \{[^}]*background: (#[0-9a-f]{6}); color: white", FORM_STYLE)[1]
    edge = re.search(r"\.huddle-signin input \{[^}]*border: 1px solid (#[0-9a-f]{6})", FORM_STYLE)[1]
    assert contrast(button) >= 4.5 and contrast(edge) >= 3              # WCAG 2.1 1.4.3 text, 1.4.11 controls


POLL_LANGUAGES = {"en": ("Submit my answer", "Send", "4 spades"), "fr": ("Envoyer ma réponse", "Envoyer", "4 piques"),
                  "de": ("Meine Antwort senden", "Senden", "4 Pik"), "nl": ("Mijn antwoord versturen", "Versturen", "4 schoppen")}


@pytest.mark.parametrize("code", sorted(POLL_LANGUAGES))
def test_the_pollee_s_page_passes_axe_at_every_step_and_is_heard_in_its_language(browser, sqlite_url, code):
    """axe-core's WCAG 2.1 A and AA rules find nothing critical or serious on Q1–Q3, Q4, a refusal
    and the thanks, in each shipped language; a screen reader hears each call in words ("4 spades",
    « 4 piques »), once, and the page carries the poll's language."""
    from accessibility import axe_violations
    from browser import streamlit_server
    from polling import cases, services, setup
    from playwright.sync_api import expect
    setup.prepare_database()
    submit, send, four_spades = POLL_LANGUAGES[code]
    poll = services.create_poll(cases.find_case("disputed-pause-over-4h"), "", alternatives=("P", "X"),
                                q4_enabled=True, language=code)
    (link,) = services.issue_invites(poll.id, ["Phone"])
    with streamlit_server({"HUDDLE_DATABASE_URL": sqlite_url, "HUDDLE_SECRET_KEY": "axe"}) as base:
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                   bypass_csp=True).new_page()
        page.goto(link.link(base))
        expect(page.get_by_role("button", name=submit)).to_be_visible(timeout=30_000)
        assert page.evaluate("document.documentElement.lang") == code
        assert axe_violations(page) == []
        q1 = page.get_by_role("group").first.aria_snapshot()
        assert f'radio "{four_spades}"' in q1 and "♠" not in q1, q1          # heard in words, once
        page.get_by_role("button", name=submit).click()                       # nothing chosen: refused
        expect(page.get_by_role("alert")).to_be_visible(timeout=15_000)
        assert axe_violations(page) == []
        page.get_by_role("radio", name=four_spades, exact=True).check()
        page.get_by_role("button", name=submit).click()
        expect(page.get_by_role("button", name=send)).to_be_visible(timeout=15_000)     # Q4
        assert axe_violations(page) == []
        page.get_by_role("checkbox", name=four_spades, exact=True).check()
        page.get_by_role("button", name=send).click()
        expect(page.locator(".box.success")).to_be_visible(timeout=15_000)              # the thanks
        assert axe_violations(page) == []
