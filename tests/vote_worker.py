"""Run in separate processes by the reliability tests: cast votes as fast as possible."""
import os
import traceback


def cast_all(url: str, tokens: list[str], barrier, results) -> None:
    """Vote once with each token; report how many landed and how many were refused."""
    try:
        os.environ["HUDDLE_DATABASE_URL"] = url
        from analysis import HuddleInputError
        from polling import services
        barrier.wait(timeout=120)
        stored = refused = 0
        for token in tokens:
            try:
                services.cast_vote(token, "6D", considered=["P"])
                stored += 1
            except HuddleInputError:
                refused += 1
        results.put({"stored": stored, "refused": refused})
    except Exception:  # report, so the test fails instead of waiting
        results.put({"error": traceback.format_exc()})
