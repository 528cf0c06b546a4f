"""A German club's evening as its director lives it, in the browser, every label read from the
club's own catalog: a hesitation taken down on her phone at the table; after the session, on the
laptop, the club's hand record (a PBN with the deal, the event and the other tables' scores)
added to the case; a poll built and its links sent by e-mail from Huddle to ten of the panel;
a reminder to those who had not answered; the ruling from the poll's counts with its reasons
started from Huddle's drafts; the appeal recorded, heard and decided by a committee of three; the
report and the scores for the scoring program downloaded.

Only the director's part is counted: each tap (a field tapped into, a button, a choice), each
character she types, each page or answer she reads, and the pages' own time (the wall clock of
her steps: the browser types instantly, so what is left is the server and the browser). Her time
is that at stated rates, so the figure can be argued with. The pollees answer over HTTP and the
committee in browsers of their own; neither is her time.

Used by tests/test_browser_evening.py (which checks every step) and bench/evenings.py (which
prints the figure).
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from analysis.language import first_upper, language
from analysis.law.case.findings import CORRECTED_BY, CORRECTIONS, MI_EVIDENCE
from ui.adjustment_form import SCORED_WORDS
from analysis.vocabulary import IrregularityType

SECONDS_PER_TAP = 1.5               # find the field or the button, tap it
CHARACTERS_PER_SECOND = 3.0         # a phone's or a laptop's keyboard, at a director's pace
SECONDS_TO_READ = 5.0               # a page opened, or an answer she checks, read at a glance
LANG = language("de")          # the club's language: every label below is read from its catalog


def speak(code: str) -> None:
    """The evening's pages read in the language ``code`` from here on (a French club's, a German one's)."""
    global LANG
    LANG = language(code)


def _(message: str) -> str:
    return LANG._(message)


BOARD_7 = "N:K7.AQJ52.KQ4.J93 2.T976.8752.AKQ8 AJ96.K843.3.T762 QT8543..AJT96.54"
HAND_RECORD = f"""% the club's hand record of the evening, as its scoring program writes it
[Event "Clubabend Rotweiss"]
[Site "Vereinsheim"]
[Date "2026.11.27"]
[Board "7"]
[Dealer "S"]
[Vulnerable "All"]
[Scoring "MP"]
[Deal "{BOARD_7}"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
1 11 3H S 9 140
2 12 2S W 8 -110
3 13 3H S 9 140
4 14 2S W 8 -110
5 15 3S W 8 -100
6 16 2H S 9 140

[Event "Clubabend Rotweiss"]
[Site "Vereinsheim"]
[Date "2026.11.27"]
[Board "14"]
[Dealer "E"]
[Vulnerable "None"]
[Scoring "MP"]
[Deal "N:987.K.KQJT62.AT9 KJ6.Q5.A983.KQ82 AQT5.8764.4.7654 432.AJT932.75.J3"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
1 11 2H E 10 -170
2 12 3D N 8 -50
3 13 2H E 9 -140
4 14 2DX E 7 100
5 15 2H E 9 -140
6 16 3H E 10 -170
"""
# the second case: West's 2♦ was a transfer; East explained it as natural (misinformation to
# North-South), and his explanation is unauthorized information to West (Law 16B1, 20F5(a))
MISINFORMATION = {"board": "14", "auction": "1SA P 2K!(natürlich) P 2C P P P", "agreement": "Transfer auf Coeur",
                  "result": "2C+2"}
HIS_PEERS = "P=6 4C=4"            # West's peers, asked by the director at the club: pass or raise to 4♥
AT_THE_TABLE = {"board": "7", "auction": "1C 1P 2C 2P P(langsam 10 Sek.) P 3C P P P",
                "EW": "Süd hat etwa zehn Sekunden überlegt", "NS": "Eine normale Pause nach 2P", "result": "3C="}
INTRODUCTION = "Paarturnier, alle in Gefahr. Was reizen Sie?"
APPEAL_REASON = "Nord-Süd legen Berufung ein"
POLLEES = [(f"Mitglied {k}", f"mitglied{k}@club.example") for k in range(1, 11)]
# what the ten pollees answer: (call, what else they seriously considered)
ANSWERS = [("3H", ()), ("3H", ("P",)), ("P", ()), ("3H", ()), ("P", ("3H",)), ("3H", ()), ("P", ()), ("3H", ()),
           ("P", ()), ("3H", ())]
LATE = 2                            # of them, the last two answer only after the reminder
MI_ANSWERS = [("X", ()), ("X", ("P",)), ("P", ()), ("X", ()), ("3D", ("X",)), ("P", ()), ("X", ()), ("P", ()),
              ("3D", ()), ("X", ())]     # North's peers, told 2♦ was a transfer


@dataclass
class Count:
    """The director's work: taps, characters typed, what she read, and the pages' own time."""

    taps: int = 0
    characters: int = 0
    reads: int = 0
    page_seconds: float = 0.0
    steps: list[tuple[str, float]] = field(default_factory=list)

    @property
    def person_seconds(self) -> float:
        return (self.taps * SECONDS_PER_TAP + self.characters / CHARACTERS_PER_SECOND + self.reads * SECONDS_TO_READ
                + self.page_seconds)

    def words(self) -> str:
        return (f"{self.taps} taps, {self.characters} characters, {self.reads} readings, pages {self.page_seconds:.0f} s:"
                f" {self.person_seconds / 60:.1f} minutes of the director's time")


class Director:
    """A browser page whose every tap, character and reading is counted."""

    def __init__(self, page, count: Count):
        self.page, self.count = page, count
        page.set_default_timeout(90_000)     # what she waits for, not how long: that is the count's and the bench's

    def tap(self, locator) -> None:
        self.count.taps += 1
        locator.click()

    def press(self, locator) -> None:
        """A button tapped once the page has drawn what came before (a tap on a page still
        redrawing can be lost)."""
        from browser import settle
        settle(self.page)
        self.tap(locator)

    def press_until(self, button, shown, attempts: int = 3) -> None:
        """A button pressed until what it does shows (``shown``), read once: a press the page lost
        (the page drawn again under the finger) is pressed again, but only once the page is still
        and shows neither, so a press that did land is never made twice."""
        from playwright.sync_api import expect
        from browser import settle
        for attempt in range(attempts):
            self.press(button)
            try:
                expect(shown.first).to_be_visible(timeout=30_000)
                break
            except AssertionError:
                settle(self.page)
                if shown.count() or attempt == attempts - 1:
                    break
        self.read(shown)

    def pick(self, box, option: str) -> None:
        """An option added to a multiselect: two taps (the box, the option)."""
        from browser import pick
        self.count.taps += 2
        pick(self.page, box, option)

    def type_in(self, locator, text: str, enter: str | None = "Enter") -> None:
        self.count.taps += 1                       # the tap into the field; then the keyboard
        self.count.characters += len(text)
        locator.fill(text)
        if enter:
            locator.press(enter)

    def read(self, locator, timeout: int = 90_000) -> None:
        """Wait until ``locator`` shows, and read it."""
        self.wait(locator, timeout)
        self.count.reads += 1

    def wait(self, locator, timeout: int = 90_000) -> None:
        from playwright.sync_api import expect
        expect(locator.first).to_be_visible(timeout=timeout)

    def go(self, name: str, heading: str | None = None) -> None:
        """To another page by the navigation's link, and read it (its heading, or ``heading``)."""
        self.tap(self.page.get_by_role("link", name=name, exact=True).first)
        self.read(self.page.get_by_role("heading", name=heading or name))

    def open_case(self, base: str, path: str, case_id: str, heading: str) -> None:
        """Another case on a page: counted as two taps (the case list, the case)."""
        self.count.taps += 2
        self.page.goto(f"{base}{path}?case={case_id}")
        self.read(self.page.get_by_role("heading", name=heading))

    def choose(self, label: str, option: str) -> None:
        """A select box's option: two taps (the box, the option)."""
        from browser import choose
        self.count.taps += 2
        choose(self.page, label, option)


class Step:
    """A part of the director's evening: its wall clock is the pages' time."""

    def __init__(self, count: Count, name: str):
        self.count, self.name = count, name

    def __enter__(self):
        self.started = time.perf_counter()
        return self

    def __exit__(self, *exc):
        seconds = time.perf_counter() - self.started
        self.count.page_seconds += seconds
        self.count.steps.append((self.name, seconds))


def sign_in(director: Director, base: str, path: str, username: str, password: str) -> None:
    page = director.page
    page.goto(base + path)
    director.wait(page.get_by_role("heading", name=_("Sign in")))
    director.type_in(page.get_by_label(_("User name")), username, enter=None)
    director.type_in(page.get_by_label(_("Password")), password)         # Enter signs in


def at_the_table(director: Director, base: str, case: dict = AT_THE_TABLE, signed_in: bool = False) -> str:
    """The hesitation taken down on her phone; returns the case's id. With ``case["facts"]``
    "disputed" the sides' statements differ and the director finds the facts later; with
    ``case["north"]`` she types North's hand from the table."""
    page = director.page
    if signed_in:
        page.goto(base + "/table")
    else:
        sign_in(director, base, "/table", "td", "table-director")
    director.read(page.get_by_role("heading", name=_("At the table")))
    director.type_in(page.get_by_role("spinbutton", name=_("Board")), case["board"])
    director.type_in(page.get_by_role("textbox", name=_("Auction, one line")), case["auction"])
    facts = _(case.get("facts", "agreed"))
    director.wait(page.get_by_text(facts, exact=True))
    director.tap(page.get_by_text(facts, exact=True))
    director.type_in(page.get_by_role("textbox", name=_("{side} say").format(side=LANG.side("EW"))), case["EW"])
    director.type_in(page.get_by_role("textbox", name=_("{side} say").format(side=LANG.side("NS"))), case["NS"])
    return _result_and_save(director, case)


def _result_and_save(director: Director, case: dict) -> str:
    """The table result typed, the case saved: its id, as the page says it."""
    page = director.page
    box = page.get_by_test_id("stExpander").filter(has_text=_("Table result and hands (optional: add them later)"))
    if box.locator("details").get_attribute("open") is None:          # folded: open it (it stays open)
        director.tap(page.get_by_text(_("Table result and hands (optional: add them later)")))
    director.type_in(page.get_by_role("textbox", name=_("Contract and result")), case["result"])
    if case.get("north"):
        director.type_in(page.get_by_role("textbox", name=_("{seat}'s hand").format(seat=LANG.seat("N"))), case["north"])
    named = re.compile(rf"board-{case['board']}-\d{{8}}-\d{{6}}")
    saved = page.get_by_text(named)
    director.press_until(page.get_by_role("button", name=_("Save the case")), saved)
    return named.search(saved.first.inner_text()).group(0)


def misinformation_at_the_table(director: Director) -> str:
    """The second case of the evening, on the same phone: a wrong explanation."""
    page, case = director.page, MISINFORMATION
    director.press(page.get_by_role("button", name=_("Take down another case")))
    director.type_in(page.get_by_role("spinbutton", name=_("Board")), case["board"])
    director.type_in(page.get_by_role("textbox", name=_("Auction, one line")), case["auction"])
    director.choose(_("Irregularity"), first_upper(IrregularityType("misexplained").said(LANG)))
    director.type_in(page.get_by_role("textbox", name=_("The partnership's agreement (the right explanation)")),
                     case["agreement"])
    director.tap(page.get_by_text(_("agreed"), exact=True))
    return _result_and_save(director, case)


def the_hand_record(director: Director, base: str, case_id: str, pbn: Path, signed_in: bool = False,
                    event: str = "Clubabend Rotweiss") -> None:
    """After the session, on the laptop: the hand record fills the hands, the event and the field."""
    page = director.page
    if signed_in:
        director.open_case(base, "/edit", case_id, _("Edit case"))
    else:
        sign_in(director, base, f"/edit?case={case_id}", "td", "table-director")
        director.read(page.get_by_role("heading", name=_("Edit case")))
    director.tap(page.get_by_text(_("Start from a PBN or LIN file (deal, dealer, vulnerability, auction, result, "
                                    "field)")))
    director.count.taps += 2                        # the file field, then the file in the picker
    page.get_by_test_id("stFileUploader").filter(has=page.get_by_label(_("PBN or LIN file"))) \
        .locator("input[type=file]").set_input_files(str(pbn))
    director.wait(page.get_by_text("hand-record.pbn"))
    director.press(page.get_by_role("button", name=_("Read the file")))
    page.wait_for_function("([label, value]) => [...document.querySelectorAll('input')].some("
                           "e => e.getAttribute('aria-label') === label && e.value === value)",
                           arg=[_("Event"), event], timeout=60_000)     # the event, from the file
    director.count.reads += 1
    director.press_until(page.get_by_role("button", name=_("Save the case")),
                         page.get_by_text(re.compile("^" + re.escape(_("Saved")) + r"\s?:")))     # « Enregistré : » in French


def the_poll(director: Director, offers: tuple[str, ...] = (), sent: int = 10) -> None:
    """The poll built on the case (with ``offers``, the calls to offer when the page proposes none)
    and its links sent from Huddle to ten of the panel."""
    page = director.page
    director.tap(page.get_by_role("link", name=_("Next: build the poll")))
    director.read(page.get_by_role("heading", name=_("Poll builder")))
    director.type_in(page.get_by_label(_("Introduction for pollees")), INTRODUCTION, enter="Control+Enter")
    for call in offers:
        director.pick(page.get_by_label(_("Calls to offer besides the table action (pollees may write in any legal "
                                          "call)")), LANG.call(call))
    director.press(page.get_by_role("button", name=_("Create the poll")))
    director.tap(page.get_by_role("link", name=_("Go to Invites")))
    director.read(page.get_by_role("heading", name=_("Invites")))
    director.press(page.get_by_role("button", name=_("Issue their links and send them by e-mail")))
    director.read(page.get_by_text(_("{sent} of {count} sent by e-mail.").format(sent=sent, count=sent)))


def the_reminder(director: Director) -> None:
    page = director.page                # Invites, still open; its e-mail part is open while a server is set
    director.press(page.get_by_role("button", name=_("Remind those who have not answered (a fresh link each)")))
    director.read(page.get_by_text(_("{count} reminded.").format(count=LATE)))


def the_ruling(director: Director, base: str, case_id: str) -> None:
    """From the poll's counts: question 3 found with Huddle's draft as its reason, the outcomes'
    note from the draft, saved."""
    page = director.page
    director.open_case(base, "/ruling", case_id, _("Ruling"))
    director.wait(page.get_by_role("combobox", name=_("Where the counts come from")))
    director.press(page.get_by_role("radiogroup", name=_("3. Demonstrably suggested")).get_by_text(_("yes"), exact=True))
    drafts = page.get_by_role("button", name=_("Start from Huddle's draft"))
    director.wait(drafts)
    director.tap(drafts.first)                      # question 3's reason
    director.wait(page.get_by_text(_("This is Huddle's draft word for word: edit it to make it your reason (the ruling "
                                     "says so until you do).")))
    director.press(page.get_by_role("button", name=_("Start from Huddle's draft")).first)     # the outcomes' note
    director.read(page.get_by_test_id("stMetricValue"))
    director.press(page.get_by_text(_("I have reviewed the outcome tree Huddle proposed: it is my finding")))
    director.press(page.get_by_role("button", name=_("Save this ruling")))
    director.read(page.get_by_text(_("Saved as version {version}.").format(version=1)))


def the_misinformation_ruling(director: Director) -> None:
    """The misinformation case from its poll: the agreement found from the convention cards (the
    call was the agreement, the explanation wrong), the correction after the final pass by East,
    the outcomes' note from Huddle's draft; saved."""
    page = director.page
    director.go(_("Ruling"))
    director.wait(page.get_by_role("combobox", name=_("Where the counts come from")))
    director.choose(_("Evidence of the agreement"), _(MI_EVIDENCE["as bid"]))
    director.choose(_("When was the explanation corrected?"), LANG.say(CORRECTIONS["after the final pass"]))
    director.choose(_("Who corrected it?"), LANG.say(CORRECTED_BY["explainer"]))
    director.press(page.get_by_role("button", name=_("Start from Huddle's draft")).first)     # the outcomes' note
    director.wait(page.get_by_text(_("This is Huddle's draft word for word: edit it to make it your reason (the ruling "
                                     "says so until you do).")))
    # the same explanation was unauthorized information to West, the explainer's partner: that path too
    from playwright.sync_api import expect
    path = page.locator("summary").filter(has_text=_(
        "The same explanation as unauthorized information to {seat} (Laws 20F5(a), 73C, 16B1)").format(
        seat=LANG.seat("W")))
    expect(path).to_have_count(1, timeout=60_000)          # the page's run has ended: one of it
    director.tap(path)
    director.press(page.get_by_text(_("Rule this path too")))
    director.type_in(page.get_by_label(_("His peers' poll: how many chose each action")), HIS_PEERS)
    director.press(page.get_by_role("radiogroup", name=_("Did the explanation demonstrably suggest his call?"))
                 .get_by_text(_("yes"), exact=True))
    director.choose(_("When both paths adjust, the board's score is"), _(SCORED_WORDS["misinformation"]))
    director.read(page.get_by_test_id("stMetricValue"))
    director.press(page.get_by_text(_("I have reviewed the outcome tree Huddle proposed: it is my finding")))
    director.press(page.get_by_role("button", name=_("Save this ruling")))
    director.read(page.get_by_text(_("Saved as version {version}.").format(version=1)))


def the_appeal(director: Director) -> None:
    page = director.page
    director.go(_("Case"), _("Status"))
    director.choose(_("Move the case to"), _("appealed"))
    director.type_in(page.get_by_label(_("Reason (kept in the history)")), APPEAL_REASON, enter=None)
    director.press(page.get_by_role("button", name=_("Change status")))
    director.read(page.get_by_text(_("An appeal is under way: only the appeals committee's decision ends it (Law 93).")))


def the_exports(director: Director, folder: Path) -> dict[str, Path]:
    """After the committee's decision: the report and the scores for the scoring program."""
    page = director.page
    director.go(_("Ruling"))
    saved = {}
    with page.expect_download(timeout=60_000) as download:
        director.press(page.get_by_role("button", name=_("Scores for the scoring program ({format})").format(
            format="USEBIO")))
    saved["usebio"] = folder / download.value.suggested_filename
    download.value.save_as(saved["usebio"])
    director.press(page.get_by_role("button", name=_("Make the report")))
    with page.expect_download(timeout=60_000) as download:
        director.press(page.get_by_role("button", name=_("Download {format}").format(format="PDF")))
    saved["pdf"] = folder / download.value.suggested_filename
    download.value.save_as(saved["pdf"])
    return saved


__all__ = ["Count", "Director", "Step", "at_the_table", "misinformation_at_the_table", "the_misinformation_ruling",
           "the_hand_record", "the_poll", "the_reminder", "the_ruling",
           "the_appeal", "the_exports", "HAND_RECORD", "POLLEES", "ANSWERS", "MI_ANSWERS", "LATE", "SECONDS_PER_TAP",
           "CHARACTERS_PER_SECOND", "SECONDS_TO_READ"]
