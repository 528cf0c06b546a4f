"""Evidence from dealt hands for the judgments a poll cannot give: what the auction said about
the unseen hands (``readings``), deals consistent with it (``dealing``, endplay's dealer), and
each polled action played double dummy on them, with and without the unauthorized information's
inference (``simulation``): a sentence of evidence for question 3 and suggested trick weights for
the outcome tree."""
