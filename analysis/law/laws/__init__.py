"""The laws themselves: every citation by edition (``editions``: 1997, 2007, 2017, each entry naming
where its text is found) and the numbers the Laws leave to a regulating authority
(``regulations``: the pause after a skip bid)."""
from analysis.law.laws.editions import DEFAULT_EDITION, EDITIONS, edition, has_law, law
from analysis.law.laws.regulations import DEFAULT_SKIP_BID_PAUSE, SkipBidPause, skip_bid_pause

__all__ = ["DEFAULT_EDITION", "EDITIONS", "edition", "has_law", "law", "DEFAULT_SKIP_BID_PAUSE", "SkipBidPause",
           "skip_bid_pause"]
