"""The poll as pure logic: the problem a pollee sees (``problem``), the check of the director's
wording (``wording``), a pollee's answers checked against the problem (``answers``) and the tally
(``tally``). Storage and the workflow (links, votes) are polling/'s."""
