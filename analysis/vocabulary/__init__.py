"""The vocabulary: every closed set of bridge and ruling words as one typed enum that carries its
own arithmetic and says and reads itself in every language through the catalog, each word one
catalog entry (``word``); the bridge words (``bridge``: seats, sides, strains, ranks, calls, a
contract's penalty, vulnerability), the ruling's (``rulings``: forms of scoring, kinds of case and
of irregularity, the offending side, the committee's decisions, the LA verdicts) and the readers
and sayers of what is typed of them together (``typed``: calls, contracts, cards, hands, tempo).

    >>> from analysis.language import language
    >>> Seat.read("Ouest", language("fr")), Seat.W.said(language("de"))
    (<Seat.W: 'W'>, 'West')
    >>> Call.read("Kontra", language("de")), Call("3NT").said(language("fr"))
    (<Call.X: 'X'>, '3SA')
"""
from analysis.vocabulary.word import NP_, SOURCE, Catalog, Spoken, Word, folded, member, reading_table, spellings
from analysis.vocabulary.bridge import (ABOUT_WORDS, ALERT_WORDS, ALL_PASS, BIDS, DEALER, HCP_WORDS, LAW, LAWS, LOW_CARD,
                                        PLAYED_BY,
                                        SEATS, SECOND_WORDS, SLOW_WORDS, STRAIN_ORDER, SUITS, SYMBOL_SUITS,
                                        VULNERABILITIES, VUL, Call, Decision, Penalty, Phrase, Rank, Seat, Side, Strain,
                                        Vulnerability)
from analysis.vocabulary.rulings import (AppealOutcome, CaseKind, Firmness, IrregularityType, LAVerdict, OffendingSide,
                                         ScoringForm)
from analysis.vocabulary.typed import (MAX_SECONDS, CardChoice, TempoWords, Typed, TypedContract, answer_word, call_said,
                                       card_said, choice_said, contract_said, find_card, find_choice, plain, rank_said,
                                       read_call, read_card, read_choice, read_contract, read_hand, read_played_contract,
                                       read_typed_contract)

# every closed set of words, for the tests and the docs that go through them all
WORD_SETS: tuple[type[Word], ...] = (Seat, Side, Strain, Rank, Call, Penalty, Vulnerability, ScoringForm, CaseKind,
                                     IrregularityType, OffendingSide, AppealOutcome, LAVerdict, Firmness)
PHRASES: tuple[Phrase, ...] = (DEALER, VUL, LAW, LAWS, ALL_PASS, LOW_CARD, PLAYED_BY, SLOW_WORDS, SECOND_WORDS, HCP_WORDS,
                               ABOUT_WORDS, ALERT_WORDS)

__all__ = ["member", "NP_", "SOURCE", "Catalog", "Spoken", "Word", "folded", "reading_table", "spellings", "ABOUT_WORDS",
           "ALERT_WORDS", "ALL_PASS", "HCP_WORDS", "BIDS", "DEALER", "LAW", "LAWS", "LOW_CARD", "PLAYED_BY", "SEATS", "SECOND_WORDS",
           "SLOW_WORDS", "STRAIN_ORDER", "SUITS", "SYMBOL_SUITS", "VULNERABILITIES", "VUL", "Call", "Decision",
           "Penalty", "Phrase", "Rank", "Seat", "Side", "Strain", "Vulnerability", "AppealOutcome", "CaseKind",
           "Firmness", "IrregularityType", "LAVerdict", "OffendingSide", "ScoringForm", "MAX_SECONDS", "TempoWords",
           "Typed", "TypedContract", "CardChoice", "answer_word", "call_said", "card_said", "choice_said", "contract_said", "find_card",
           "find_choice", "plain", "rank_said", "read_call", "read_card", "read_choice", "read_contract", "read_hand",
           "read_typed_contract", "read_played_contract", "WORD_SETS", "PHRASES"]
