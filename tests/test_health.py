"""The health endpoint a reverse proxy or load balancer asks: 200 when this process's database
answers with the schema it expects, 503 with the reason otherwise."""
import json
import urllib.error
import urllib.request

from browser import streamlit_server


def _get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_the_health_endpoint_answers_for_the_database(tmp_path):
    from polling import setup
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health"}) as base:
        status, said = _get(base + "/huddle/health")          # before the migrations have run
        assert status == 503 and said["status"] == "outdated" and said["schema"] == ""
        setup.prepare_database(url=url, load_examples=False)
        status, said = _get(base + "/huddle/health")
        assert status == 200 and said["status"] == "ok" and said["database"] == "sqlite"
        assert said["schema"] == said["expected"] != ""


def test_a_database_that_does_not_answer_is_unavailable(tmp_path):
    # a PostgreSQL server that is not there: the process is up, but must not be sent anyone
    url = "postgresql+psycopg://huddle@127.0.0.1:9/huddle?connect_timeout=2"
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "health"}) as base:
        status, said = _get(base + "/huddle/health")
        assert status == 503 and said["status"] == "unavailable" and said["problem"] == "OperationalError"
