"""What a ruling can say that real rulings turn on (the fourth set of cases): an LA the UI itself
suggests gets no weight, a later call offered for change and kept, the agreement that cannot be
established (Law 75C) apart from no evidence looked at, UI from partner's explanation cited as
Laws 20F5(a) and 73C, seconds in dispute about an agreed hesitation, and a 2007 ruling's policy
named by its edition. Each case is built for its point; each assertion failed on the code before."""
import copy
import re
import json

import pytest

from analysis.errors import HuddleInputError
from analysis.law import case as case_files
from analysis.law.ruling.engine import rule
from conftest import CASES, ROOT
from analysis.language import ENGLISH


def _data(name: str) -> dict:
    return copy.deepcopy(json.loads((CASES / f"{name}.json").read_text(encoding="utf-8")))


def _tree(*branches) -> dict:
    """An outcome tree: (action, weight, contract, tricks) per branch, or (action,) for a cancelled one."""
    out = []
    for b in branches:
        if len(b) == 1:
            out.append({"action": b[0], "weight": "0", "cancelled": True, "contracts": []})
        else:
            action, weight, contract, tricks = b
            out.append({"action": action, "weight": weight, "contracts": [
                {"contract": contract, "declarer": "S", "weight": "1", "tricks": [{"tricks": tricks, "weight": "1"}]}]})
    return {"alternatives": out}


def slow_five_clubs(**ruling) -> dict:
    """Kooijman's 6♣ after a slow 5♣, ruled on a poll of North's peers: Pass, 5♦ and 6♣ considered."""
    data = _data("kooijman-high-level-6c")
    data["ruling"] = {"policy": "wbf2017", "poll": {"counts": [{"action": "6C", "chose": 4}, {"action": "P", "chose": 3},
                                                                {"action": "5D", "chose": 2, "considered_only": 1}]},
                      "suggested": {"finding": True, "reason": "The slow 5♣ shows extras."},
                      "adjustment": {"method": "weighted", "offenders": _tree(("P", "1/2", "5C", 12),
                                                                              ("5D", "1/2", "5D", 11), ("6C",))},
                      **ruling}
    return data


# ---------------------------------------------------------------- 4. an LA the UI itself suggests

def test_a_logical_alternative_the_ui_suggests_over_another_gets_no_weight():
    """Before: "suggested_alternatives" was not read, and 5♦ kept half the weight."""
    data = slow_five_clubs(suggested_alternatives=["5D"])
    with pytest.raises(HuddleInputError, match=r"ruling.adjustment.offenders: the weight of 5♦: 5♦ is a logical "
                                               r"alternative the unauthorized information suggests over another"):
        rule(case_files.Case.from_dict(data))
    data["ruling"]["adjustment"]["offenders"] = _tree(("P", "1", "5C", 12), ("5D",), ("6C",))
    case = case_files.Case.from_dict(data)
    ruling = rule(case)
    assert ruling.adjusted and {la for la in ruling.la.logical_alternatives} == {"P", "5D"}
    assert "No weight for 5♦: the unauthorized information suggests it over another logical alternative, so it was " \
           "no legal choice either (Law 16B1(a), Law 12C1(c) (2017))." in ruling.text
    again = case_files.Case.from_dict(json.loads(json.dumps(case.to_dict())))
    assert again.ruling.suggested_alternatives == ("5D",)
    from reports.content import report_for_file
    from reports.render import to_html
    assert "No weight for 5♦: the unauthorized information suggests it over another logical alternative" in \
        to_html(report_for_file(case, ENGLISH))


# ---------------------------------------------------------------- 5. a later call offered for change and kept

def test_a_later_call_offered_for_change_and_kept_leaves_the_earlier_call_made_on_misinformation():
    """Before: the director recorded that the change was offered and declined the only way she
    could (the call changeable, kept), and the ruling said "the call was not made on misinformation"."""
    data = _data("constructed-mi-transfer")
    data["ruling"]["misinformation"].update(offered_call=7, partner_called_since=False, changed_call=False)
    case = case_files.Case.from_dict(data)
    ruling = rule(case)
    q3 = ruling.worksheet.answers[2]
    assert q3.answer is True and ruling.adjusted
    assert "so it could no longer be changed (Law 21B1(a)): it was made on misinformation" in q3.reason
    assert "North's later Pass could still be changed, and the change was offered (Law 21B1(a)): North declined and " \
           "kept it." in q3.reason
    assert case_files.Case.from_dict(json.loads(json.dumps(case.to_dict()))).ruling.misinformation.offered_call == 7


@pytest.mark.parametrize("offered, said", [(2, "call 3 is not a call after the call in question"),
                                           (6, "call 7 is West's, not the player's")])
def test_an_offered_call_that_is_not_the_players_later_call_is_refused(offered, said):
    data = _data("constructed-mi-transfer")
    data["ruling"]["misinformation"]["offered_call"] = offered
    with pytest.raises(HuddleInputError, match=f"ruling.misinformation.offered_call: {said}"):
        case_files.Case.from_dict(data)


# ---------------------------------------------------------------- 7. Law 75C

def test_an_agreement_that_cannot_be_established_is_not_the_same_as_no_evidence_looked_at():
    """Before: "none" presumed a mistaken explanation although nobody had looked at the cards,
    and "the director cannot establish the agreement" could not be recorded."""
    data = _data("constructed-mi-transfer")
    data["ruling"]["misinformation"]["evidence"] = "none"
    waiting = rule(case_files.Case.from_dict(data))
    q1 = waiting.worksheet.answers[0]
    assert q1.answer is None and not waiting.worksheet.decided
    assert q1.missing == ("Waiting for the director's finding on the agreement: the convention cards and both partners "
                          "heard (Law 75D)")           # 2017's Director's determination
    data["ruling"]["misinformation"].update(evidence="not established", reason="The cards are blank; each partner "
                                                                                "describes another agreement.")
    presumed = rule(case_files.Case.from_dict(data)).worksheet.answers[0]
    assert presumed.answer is True
    assert presumed.reason == ("The director cannot establish the partnership agreement: a mistaken explanation is "
                               "presumed rather than a mistaken call (Law 75D, Law 21B1(b)).")


# ---------------------------------------------------------------- 8. the ruling's words

def test_ui_from_partners_explanation_cites_20f5a_and_73c_beside_16b1():
    data = _data("kooijman-high-level-6c")
    data.update(action_index=18)
    data["irregularity"] = {"type": "explanation", "by": "N", "call_index": 2, "agreed": True,
                            "description": "North explained 2♣ as natural."}
    q1 = rule(case_files.Case.from_dict(data)).worksheet.answers[0]
    assert q1.answer is True and "(Law 20F5(a), Law 73C, Law 16B1(a))" in q1.reason


def test_an_agreed_hesitation_whose_seconds_are_disputed_says_so_and_why_it_does_not_matter():
    data = slow_five_clubs()
    data["irregularity"].update(agreed=None, agreed_happened=True, agreed_seconds=False, statements=[
        {"by": "EW", "said": "South thought for about twenty seconds", "seconds": 20},
        {"by": "NS", "said": "Eight seconds at most", "seconds": 8}])
    q1 = rule(case_files.Case.from_dict(data)).worksheet.answers[0]
    assert q1.answer is True
    assert "The seconds are disputed (East-West: “South thought for about twenty seconds” (20 s); North-South: " \
           "“Eight seconds at most” (8 s)); that does not change the ruling" in q1.reason


def test_a_2007_ruling_names_the_policy_by_the_edition_it_applies():
    """Before: a ruling under the 2007 Laws read the poll "under WBF 2017"."""
    data = slow_five_clubs()
    data["laws"] = "2007"
    ruling = rule(case_files.Case.from_dict(data))
    q2 = ruling.worksheet.answers[1]
    assert "under WBF 2007: a significant proportion, read as 1 in 5 (Law 16B1(b))" in q2.reason
    assert "2017" not in q2.reason and "WBF 2017" not in ruling.text


# ---------------------------------------------------------------- 1. a procedural penalty (Law 90)

def _penalised(tmp_path, **penalty) -> tuple[dict, object]:
    data = _data("kooijman-weighted-mp")
    data["ruling"]["procedural_penalties"] = [{"side": "EW", "amount": "25", "unit": "percent of a top",
                                               "by": "committee", "reason": "East-West appealed without merit, "
                                                                            "warned before.", **penalty}]
    path = tmp_path / "penalised.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return data, path


def test_a_procedural_penalty_is_shown_and_carried_by_every_score_that_leaves_huddle(tmp_path, sqlite_url, capsys):
    """Before: a penalty had only the notes; now East-West's 25% of a 22 top (5 1/2 matchpoints)
    stands beside their 13 1/2 in the ruling, the CSV and USEBIO scores, `huddle case scores`, the
    field file and the report, and the adjusted score itself is unchanged."""
    from analysis.law.appeal.committee import ruling_in_force
    from reports.content import report_for_file
    from reports.render import to_html
    from reports.score_export import field_pbn, scores_csv, scores_usebio
    from test_cli import run, run_json
    data, path = _penalised(tmp_path)
    case = case_files.Case.from_dict(data)
    ruling = rule(case)
    said = ("Procedural penalty (Law 90) on East-West, imposed by the appeals committee: 25% of a top, kept apart "
            "from the adjusted score. East-West appealed without merit, warned before.")
    assert said in ruling.text and ruling.scores["EW"].value()[0] == 27 / 2 * 1     # the adjustment untouched
    in_force = ruling_in_force(ruling)
    csv_text = scores_csv(case, in_force)
    assert ",EW,yes,27/2,13.50,matchpoints of 22," in csv_text and ",11/2,,committee,8,8.00," in csv_text
    usebio = scores_usebio(case, in_force)
    assert "<EW_MATCH_POINTS>13.50</EW_MATCH_POINTS>" in usebio
    assert '<PENALTY SIDE="EW" UNIT="MATCH_POINTS" BY="committee">5.50</PENALTY>' in usebio
    assert "procedural penalty (Law 90) 11/2 matchpoints of 22, 8 after it" in field_pbn(case, in_force)
    assert said in to_html(report_for_file(case, ENGLISH))
    code, _, _ = run(capsys, "case", "import", str(path))
    assert code == 0
    out = run_json(capsys, "case", "scores", "kooijman-weighted-mp")
    east_west = next(r for r in out["scores"] if r["side"] == "EW")
    assert (east_west["exact"], east_west["penalty"], east_west["after_penalty"]) == ("27/2", "11/2", "8")
    again = case_files.Case.from_dict(json.loads(json.dumps(case.to_dict())))
    assert again.ruling.procedural_penalties == case.ruling.procedural_penalties


@pytest.mark.parametrize("penalty, field, said", [
    ({"unit": "IMPs"}, "ruling.procedural_penalties[0].unit", "'IMPs' is not a unit of matchpoints scoring"),
    ({"amount": "0"}, "ruling.procedural_penalties[0].amount", "0 must be more than 0"),
    ({"reason": ""}, "ruling.procedural_penalties[0].reason", "a procedural penalty says why it was imposed"),
    ({"by": "opponents"}, "ruling.procedural_penalties[0].by", "'opponents' must be director or committee"),
    ({"side": "N"}, "ruling.procedural_penalties[0].side", "'N' must be NS or EW"),
])
def test_a_procedural_penalty_that_cannot_stand_is_refused_naming_its_field(tmp_path, penalty, field, said):
    data, _ = _penalised(tmp_path, **penalty)
    with pytest.raises(HuddleInputError, match=re.escape(f"{field}: {said}")):
        case_files.Case.from_dict(data)


def test_docs_rulings_quotes_the_worked_examples_as_the_rulings_give_them():
    from conftest import ROOT
    docs = re.sub(r"\s+", " ", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    data = slow_five_clubs(suggested_alternatives=["5D"])
    data["ruling"]["adjustment"]["offenders"] = _tree(("P", "1", "5C", 12), ("5D",), ("6C",))
    ruling = rule(case_files.Case.from_dict(data))
    assert ruling.scores["NS"].describe() == "+620" and "North-South get +620" in docs
    offered = _data("constructed-mi-transfer")
    offered["ruling"]["misinformation"].update(offered_call=7, changed_call=False)
    ruling = rule(case_files.Case.from_dict(offered))
    assert ruling.scores["NS"].describe() == "3/4 × -140 + 1/4 × -170: 8 1/4 of 22 matchpoints"
    assert "North-South get 3/4 × −140 + 1/4 × −170: 8 1/4 of 22 matchpoints" in docs
    penalised = _data("kooijman-weighted-mp")
    assert rule(case_files.Case.from_dict(penalised)).scores["EW"].describe().endswith("13 1/2 of 22 matchpoints")
    assert "13 1/2 of 22 matchpoints" in docs and "5 1/2 matchpoints" in docs and "`after_penalty` 8" in docs


# ---------------------------------------------------------------- 6. who corrected, and when

@pytest.mark.parametrize("by, when, said", [
    ("explainer", "after the final pass", "corrected it himself, as he must (Law 20F4)."),
    ("partner as declarer or dummy", "after the final pass", "after the final pass and before the opening lead, as "
                                                             "he must (Law 20F5(b)(ii))."),
    ("partner as declarer or dummy", "during the auction", "before his side's turn to do so (Law 20F5(b)(ii)): that "
     "correction was not allowed (Law 20F5(a)), and it is itself unauthorized information to the explainer"),
    ("partner as a defender", "not corrected", "at the end of play, as he must (Law 20F5(b)(i)): too late for the "
                                              "non-offenders to act on it."),
    ("partner as a defender", "after the final pass", "that correction was not allowed (Law 20F5(a))"),
    ("nobody: dummy or declarer failed to", "not corrected", "did not correct the explanation before the opening "
                                                             "lead, as he had to (Law 20F5(b)(ii))"),
    # Law 20F5(b)(ii): declarer or dummy corrects after the final pass; at trick two he is late
    ("partner as declarer or dummy", "after the opening lead", "corrected it only after the opening lead was faced (the "
     "auction period was over): late, for he had to correct it after the final pass and before the opening lead (Law "
     "20F5(b)(ii))"),
    ("partner as declarer or dummy", "not corrected", "did not correct the explanation before the opening lead, as he "
                                                      "had to (Law 20F5(b)(ii))"),
])
def test_who_corrected_the_explanation_and_when_is_said_with_what_follows(by, when, said):
    """Before: "corrected_by" was not read; who corrected and whether he might was only a note."""
    data = _data("constructed-mi-transfer")
    data["ruling"]["misinformation"].update(corrected_by=by, corrected=when)
    case = case_files.Case.from_dict(data)
    assert said in rule(case).worksheet.answers[2].reason
    again = case_files.Case.from_dict(json.loads(json.dumps(case.to_dict())))
    assert again.ruling.misinformation.corrected_by == by


def test_docs_rulings_quotes_who_corrected_as_the_ruling_says_it():
    docs = re.sub(r"\s+", " ", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    for phrase in ("as he must (Law 20F4)", "as he must (Law 20F5(b)(ii))", "before his side's turn to do so (Law "
                   "20F5(b)(ii)): that correction was not allowed (Law 20F5(a)), and it is itself unauthorized "
                   "information to the explainer, whose later actions it may not help (Law 16B1(a), Law 73C)",
                   "too late for the non-offenders to act on it", "the misinformation stood through the play"):
        assert phrase in docs, phrase


def test_a_late_correction_says_when_it_came_with_its_verb():
    """Q3 once read "The explanation was after the opening lead was faced": the verb was lost."""
    data = _data("constructed-mi-transfer")
    data["ruling"]["misinformation"].update(corrected="after the opening lead")
    reason = rule(case_files.Case.from_dict(data)).worksheet.answers[2].reason
    assert reason.startswith("The explanation was corrected after the opening lead was faced"), reason
    data["ruling"]["misinformation"].update(corrected="not corrected")
    reason = rule(case_files.Case.from_dict(data)).worksheet.answers[2].reason
    assert reason.startswith("The explanation was not corrected before the result was obtained"), reason


def test_an_unknown_corrector_is_refused():
    data = _data("constructed-mi-transfer")
    data["ruling"]["misinformation"]["corrected_by"] = "the kibitzer"
    with pytest.raises(HuddleInputError, match="ruling.misinformation.corrected_by: 'the kibitzer' must be one of"):
        case_files.Case.from_dict(data)


# ---------------------------------------------------------------- 2. who may be polled

RULES = {"minimum": 5, "source": "Riverside BC's rules for polls", "pollees": "peers, not of the session"}


def test_a_poll_with_pollees_the_events_rules_exclude_does_not_decide_question_2():
    """Before: "pollees" and the poll's "session_players" were not read; two players of the session
    among nine pollees decided question 2 as if they were peers from outside it."""
    data = slow_five_clubs()
    data["poll_rules"] = RULES
    data["ruling"]["poll"]["session_players"] = 2
    case = case_files.Case.from_dict(data)
    q2 = rule(case).worksheet.answers[1]
    assert q2.answer is None
    assert q2.reason == ("The poll does not meet Riverside BC's rules for polls (who may be polled: peers of the "
                         "player's standard who did not play in the session): 2 of the pollees played in the "
                         "session. Its answers do not decide the question.")
    assert q2.missing == "Poll again within Riverside BC's rules for polls, or record your own judgement"
    again = case_files.Case.from_dict(json.loads(json.dumps(case.to_dict())))
    assert again.poll_rules.pollees == "peers, not of the session" and again.ruling.session_players == 2
    # the director's own judgement beside it decides, the poll kept as its evidence
    data["ruling"]["logical_alternatives"] = {"finding": ["P"], "reason": "Pass is what the peers outside the "
                                                                          "session chose."}
    judged = rule(case_files.Case.from_dict(data)).worksheet.answers[1]
    assert judged.answer is True and "a poll of 9 outside Riverside BC's rules for polls: 2 of the pollees played " \
                                     "in the session" in judged.evidence
    # a poll of peers alone meets the rules
    data["ruling"].pop("logical_alternatives")
    data["ruling"]["poll"]["session_players"] = 0
    assert rule(case_files.Case.from_dict(data)).worksheet.answers[1].answer is True


@pytest.mark.parametrize("change, field, said", [
    (lambda d: d["poll_rules"].update(pollees="anyone"), "poll_rules.pollees", "'anyone' must be one of peers"),
    (lambda d: d["ruling"]["poll"].update(session_players=10), "ruling.poll.session_players",
     "10 must be a number of the poll's 9 pollees"),
])
def test_who_may_be_polled_out_of_range_is_refused(change, field, said):
    data = slow_five_clubs()
    data["poll_rules"] = dict(RULES)
    change(data)
    with pytest.raises(HuddleInputError, match=re.escape(f"{field}: {said}")):
        case_files.Case.from_dict(data)


def test_the_organisation_s_rules_on_who_may_be_polled_are_what_a_new_case_starts_from(sqlite_url):
    from analysis.law.case.poll_rules import PollRules
    from polling import organisations, setup
    setup.prepare_database(load_examples=False)
    club = organisations.set_rules(organisations.DEFAULT_ORGANISATION, "acbl", None, poll_minimum=5,
                                   poll_pollees="peers")
    assert club.poll_rules() == PollRules(5, f"{club.name}'s rules for polls", "peers")
    assert organisations.get_organisation(club.id).poll_pollees == "peers"
    with pytest.raises(HuddleInputError, match="who may be polled: 'kibitzers' must be one of"):
        organisations.set_rules(organisations.DEFAULT_ORGANISATION, "acbl", None, poll_pollees="kibitzers")


# ---------------------------------------------------------------- 3. one explanation, UI and MI

def both_paths(**partner) -> dict:
    """The constructed transfer case: East's "natural" misinforms North-South, and tells West that
    East misread 2♦; West then passed 2♥ (call 7), where 3 of 7 peers bid 3♥."""
    data = _data("constructed-mi-transfer")
    data["partner_ui"] = {"action_index": 6, "ruling": {
        "policy": "wbf2017", "poll": {"counts": [{"action": "P", "chose": 4}, {"action": "3H", "chose": 3}]},
        "suggested": {"finding": True, "reason": "The explanation tells West that 2♦ was misread: passing is suggested."},
        "adjustment": {"method": "weighted", "offenders": {"alternatives": [
            {"action": "3H", "weight": "1", "contracts": [{"contract": "3H", "declarer": "E", "weight": "1",
                                                            "tricks": [{"tricks": 8, "weight": "1"}]}]},
            {"action": "P", "weight": "0", "cancelled": True, "contracts": []}]}}}, **partner}
    return data


def test_one_explanation_that_is_both_ui_and_mi_is_ruled_on_both_paths_in_one_case(capsys, tmp_path):
    """Before: a case had one kind; "partner_ui" was not read, and the UI to West took a second file."""
    with pytest.raises(HuddleInputError, match="partner_ui.scored_by: both paths adjust the score"):
        rule(case_files.Case.from_dict(both_paths()))
    case = case_files.Case.from_dict(both_paths(scored_by="misinformation"))
    ruling = rule(case)
    assert ruling.decided and ruling.adjusted and ruling.also is not None and ruling.also.adjusted
    assert [a.question for a in ruling.also.worksheet.answers][0] == "unauthorized information"
    assert "As misinformation to North-South (Law 75B, Law 20F):" in ruling.text
    assert "As unauthorized information to West, from partner's explanation (Law 20F5(a), Law 73C, Law 16B1(a)):" \
        in ruling.text
    assert ruling.text.endswith("The board's score is the misinformation path's.")
    assert ruling.scores["NS"].describe() == "3/4 × -140 + 1/4 × -170: 8 1/4 of 22 matchpoints"
    by_ui = rule(case_files.Case.from_dict(both_paths(scored_by="unauthorized information")))
    assert by_ui.scores["NS"].describe() == "+50: 20 of 22 matchpoints"
    again = case_files.Case.from_dict(json.loads(json.dumps(case.to_dict())))
    assert again.partner_ui == case.partner_ui
    # the command line and the report say both
    from reports.content import report_for_file
    from reports.render import to_html
    from test_cli import run_json
    path = tmp_path / "both.json"
    path.write_text(json.dumps(case.to_dict()), encoding="utf-8")
    out = run_json(capsys, "rule", str(path))
    assert out["partner_ui"]["questions"]["answers"][1]["answer"] is True
    html = to_html(report_for_file(case, ENGLISH))
    assert "The same explanation as unauthorized information to the explainer&#x27;s partner" in html or \
        "The same explanation as unauthorized information to the explainer's partner" in html


@pytest.mark.parametrize("change, field, said", [
    (lambda d: d["partner_ui"].update(action_index=3), "partner_ui.action_index", "must be a later call of West"),
    (lambda d: d["partner_ui"].update(scored_by="both"), "partner_ui.scored_by", "'both' must be one of"),
    (lambda d: d.update(kind="UI"), "partner_ui", "goes with a misinformation case"),
])
def test_a_partner_ui_section_that_cannot_stand_is_refused(change, field, said):
    data = both_paths()
    change(data)
    with pytest.raises(HuddleInputError, match=re.escape(f"{field}: {said}")):
        case_files.Case.from_dict(data)


# ---------------------------------------------------------------- the agreement stated differently

def test_an_agreement_the_two_sides_state_differently_is_kept_and_waits_for_the_finding():
    """Before: only the director's conclusion was kept. Each version is kept as a disputed fact is,
    the first question waits for the finding between them, and the ruling says both."""
    data = _data("constructed-mi-transfer")
    facts = data["ruling"]["misinformation"]
    facts["agreement"] = [{"by": "W", "said": "2♦ is a transfer to hearts"},
                          {"by": "E", "said": "we play 2♦ natural, no transfers"}]
    facts["evidence"], facts["reason"] = "none", ""
    waiting = rule(case_files.Case.from_dict(data))
    first = waiting.worksheet.answers[0]
    assert first.answer is None and "The sides state the agreement differently" in first.reason
    assert "West: “2♦ is a transfer to hearts”; East: “we play 2♦ natural, no transfers”" in str(first.evidence)
    facts["evidence"], facts["reason"] = "as bid", "Both convention cards say transfers."
    found = rule(case_files.Case.from_dict(data))
    assert found.worksheet.answers[0].answer is True
    assert str(found.worksheet.answers[0].evidence).endswith(
        "; the director's finding: the convention cards (or notes) show the call matched the agreement, not the "
        "explanation: Both convention cards say transfers.")
    again = case_files.loads(case_files.dumps(case_files.Case.from_dict(data)))
    assert [a.said for a in again.ruling.misinformation.agreement] == ["2♦ is a transfer to hearts",
                                                                       "we play 2♦ natural, no transfers"]
