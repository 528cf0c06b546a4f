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


def cast_and_acknowledge(url: str, tokens: list[str], ack_path: str, barrier) -> None:
    """Vote with each token and, only once the vote is committed, append the token to ack_path
    (flushed and synced): the acknowledgement a pollee's browser would get."""
    os.environ["HUDDLE_DATABASE_URL"] = url
    from polling import services
    barrier.wait(timeout=120)
    with open(ack_path, "a", encoding="utf-8") as ack:
        for token in tokens:
            services.cast_vote(token, "6D", considered=["P"], comment="x" * 200)
            ack.write(token + "\n")
            ack.flush()
            os.fsync(ack.fileno())
