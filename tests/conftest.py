import logging
import re
import shutil
from pathlib import Path

import pytest
from analysis.language import ENGLISH

ROOT = Path(__file__).resolve().parents[1]

# For a measuring child process: its own memory high-water mark in MB (VmHWM). getrusage's ru_maxrss
# survives exec, so a child of a large test process would report its parent's size.
PEAK_MB = ("import re as _re\n"
           "def peak_mb(): return int(_re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read())[1]) // 1024\n")
REFERENCE = ROOT.parent / "shared" / "reference"
CASES = ROOT / "data" / "cases"


def stored_report(dossier):
    """The report of a stored case, as the Ruling page and `huddle report` make it."""
    from reports.content import report_for_stored_case
    return report_for_stored_case(dossier.case, dossier.status, dossier.polls, dossier.committee, lang=ENGLISH)


@pytest.fixture
def sqlite_url(tmp_path, monkeypatch):
    """A real SQLite file for one test, set as HUDDLE_DATABASE_URL."""
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    return url


@pytest.fixture(scope="session")
def prepared_databases():
    """The databases the real setup.prepare_database prepared, once per test process for each
    choice of examples: {load_examples: (SQLite file, its report), (PostgreSQL server,
    load_examples): (template database's name, its report)}."""
    return {}


@pytest.fixture(autouse=True)
def a_new_database_is_prepared_by_a_copy(monkeypatch, prepared_databases, tmp_path_factory):
    """setup.prepare_database on a SQLite file that does not exist yet (or is empty), or on an empty
    PostgreSQL database, copies one the real function prepared the same way in this process, instead
    of running the migrations and ruling the examples again (half a second to a second, hundreds of
    times a suite). Everything else (a database with content, a server or a command in a process of
    its own) is prepared for real."""
    from polling import settings, setup
    from polling.db import engine_for
    real = setup.prepare_database

    def prepare(load_examples: bool = True, url: str | None = None) -> dict:
        target = url or settings.database_url()
        if target.startswith("postgresql"):
            return _prepared_postgres_copy(target, load_examples, real, prepared_databases)
        path = Path(target.split("///", 1)[-1].split("?", 1)[0]) if target.startswith("sqlite:///") else None
        if path is None or target.endswith(":memory:") or (path.exists() and path.stat().st_size > 0):
            return real(load_examples=load_examples, url=url)
        if load_examples not in prepared_databases:
            template = tmp_path_factory.mktemp("prepared") / "huddle.sqlite"
            report = real(load_examples=load_examples, url=f"sqlite:///{template}")
            engine_for(f"sqlite:///{template}").dispose()           # its write-ahead log folded in
            prepared_databases[load_examples] = (template, report)
        template, report = prepared_databases[load_examples]
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(template, path)
        path.chmod(0o600)
        return {**report, "database": engine_for(target).url.render_as_string(hide_password=True)}
    monkeypatch.setattr(setup, "prepare_database", prepare)


def _prepared_postgres_copy(target: str, load_examples: bool, real, prepared: dict) -> dict:
    """On PostgreSQL, the same as a SQLite file's copy: an empty database becomes a copy (CREATE
    DATABASE … TEMPLATE) of one the real setup.prepare_database made on that server once in this
    process; a database with tables in it is prepared for real."""
    import psycopg
    from pg import fresh_database
    from polling.db import engine_for
    server, name = target.rsplit("/", 1)
    plain = lambda url: url.replace("postgresql+psycopg", "postgresql")      # noqa: E731
    with psycopg.connect(plain(target)) as conn:
        tables = conn.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'").fetchone()
    if tables[0]:
        return real(load_examples=load_examples, url=target)
    if (server, load_examples) not in prepared:
        template = fresh_database(server)
        report = real(load_examples=load_examples, url=template)
        engine_for(template).dispose()               # a template database takes no connection
        prepared[server, load_examples] = (template.rsplit("/", 1)[1], report)
    template_name, report = prepared[server, load_examples]
    engine_for(target).dispose()
    with psycopg.connect(plain(server) + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template_name}"')
    return {**report, "database": engine_for(target).url.render_as_string(hide_password=True)}


@pytest.fixture(scope="session", autouse=True)
def apptest_setup_made_once_per_process():
    """What Streamlit's AppTest redoes for every test app that a server does once: the scan of
    every installed package's metadata for custom components (a third of a second), and each page
    script read, rewritten for "magic" and compiled (a tenth of the director pages' time). The
    packages installed do not change during the suite; a script is compiled again if its file
    changes."""
    import functools
    import os
    from streamlit import config
    from streamlit.components.v2 import manifest_scanner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner
    scan = manifest_scanner.scan_component_manifests
    scanned = functools.cache(lambda: tuple(scan()))
    compiled: dict[tuple, object] = {}

    class CompiledOnce(ScriptCache):
        def get_bytecode(self, script_path: str):
            path = os.path.abspath(script_path)
            found = os.stat(path)
            key = (path, found.st_mtime_ns, found.st_size, config.get_option("runner.magicEnabled"))
            if key not in compiled:
                compiled[key] = super().get_bytecode(script_path)
            return compiled[key]

    manifest_scanner.scan_component_manifests = lambda max_workers=None: list(scanned())
    app_test.ScriptCache = local_script_runner.ScriptCache = CompiledOnce
    yield
    manifest_scanner.scan_component_manifests = scan
    app_test.ScriptCache = local_script_runner.ScriptCache = ScriptCache


@pytest.fixture(scope="session")
def postgres_server():
    from pg import postgres_cluster
    with postgres_cluster() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path, monkeypatch):
    """The same test on a real SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    else:
        from pg import fresh_database
        url = fresh_database(request.getfixturevalue("postgres_server"))
    monkeypatch.setenv("HUDDLE_DATABASE_URL", url)
    yield url
    from polling.db import engine_for
    engine_for(url).dispose()


CONTEXTS_BEFORE = pytest.StashKey[set]()


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium driven by Playwright (never `playwright install`)."""
    playwright = pytest.importorskip("playwright.sync_api")
    from browser import CHROMIUM_ARGS, StillBrowser, chromium_path
    path = chromium_path()
    assert path, "Debian's chromium is needed (make test installs it)"
    playwright.expect.set_options(timeout=45_000)   # a loaded 2-core machine reruns slowly
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield StillBrowser(b)
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """The browser's contexts as a browser test starts (see pytest_runtest_teardown)."""
    open_browser = item.funcargs.get("browser")
    item.stash[CONTEXTS_BEFORE] = set(open_browser.contexts) if open_browser is not None else set()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    """A browser test's pages are closed once it is reported (a live tally left open reruns every
    few seconds until the module's browser closes); the pages its module's fixtures opened stay."""
    open_browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    yield
    if open_browser is not None and open_browser.is_connected():
        for context in set(open_browser.contexts) - item.stash.get(CONTEXTS_BEFORE, set()):
            context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report shows what each page still open was showing."""
    outcome = yield
    report = outcome.get_result()
    open_browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if report.when != "call" or not report.failed or open_browser is None:
        return
    from browser import ARTIFACTS
    ARTIFACTS.mkdir(exist_ok=True)
    shown = []
    pages = [page for context in open_browser.contexts for page in context.pages]
    for number, page in enumerate(pages):
        kept = ARTIFACTS / f"failed-{re.sub(r'[^A-Za-z0-9_-]+', '-', item.name)[:80]}-{number}"
        try:
            text = page.inner_text("body", timeout=3_000)
            kept.with_suffix(".txt").write_text(f"{page.url}\n{text}")
            page.screenshot(path=str(kept.with_suffix(".png")), full_page=True, timeout=10_000)
            shown.append(f"--- {page.url} (all of it: {kept.name}.txt and .png)\n{text[:1500]}")
        except Exception as exc:     # a page that cannot be read says so
            shown.append(f"--- {page.url}: unreadable ({exc})")
    # read once the test's server has stopped: its status says CONNECTING, the rest is the last page drawn
    report.sections.append(("pages still open", "\n".join(shown) or "(none)"))


@pytest.fixture(scope="session", autouse=True)
def the_solver_writes_no_crash_dump():
    """The solver writes dump.txt into the working folder when it is given a deal it cannot
    solve: no path of Huddle may give it one."""
    dumps = [Path.cwd() / "dump.txt", Path(__file__).resolve().parent.parent / "dump.txt"]
    before = {d for d in dumps if d.exists()}
    yield
    after = {d for d in dumps if d.exists()} - before
    assert not after, f"the solver wrote a crash dump: {sorted(map(str, after))}"


@pytest.fixture(autouse=True)
def no_page_fails_quietly(request, caplog):
    """A page that fails shows words and a reference (ui/failures.py), not an exception AppTest
    would see: so every test fails on such a failure unless it expects one."""
    yield
    if request.node.get_closest_marker("page_failure_expected"):
        return
    failed = [r for r in caplog.get_records("call") if r.name == "huddle.pages" and r.levelno >= logging.ERROR]
    assert not failed, "a page failed: " + "; ".join(
        f"{r.getMessage()}: {r.exc_info[1]!r}" if r.exc_info else r.getMessage() for r in failed)


# The test files that take longest, longest first (measured on the 2-core machine): run first, so
# that the suite's workers (make test: one a core, a file whole to each) finish together rather
# than one running an evening alone at the end.
LONGEST_FIRST = ("test_director_pages", "test_browser_accessibility", "test_browser_evening", "test_browser_evening_fr",
                 "test_an_evening", "test_languages", "test_browser_phone", "test_browser_simulation", "test_mail",
                 "test_fuzz", "test_research_packages", "test_hardening_two", "test_organisations", "test_heavy",
                 "test_browser_director", "test_browser", "test_hardening_four", "test_simulation", "test_browser_intake")


def pytest_collection_modifyitems(items):
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.module.__name__ if item.module else "", len(rank)))


PHONE_HOST = pytest.StashKey[tuple]()


def pytest_configure(config):
    """In a run on several workers, the phone tests' second host is made once, before any worker
    starts a browser, and removed after the last has ended (tests/browser.py's phone_host says why)."""
    import os
    from browser import SUITE_HOST, can_make_hosts, make_phone_host
    if hasattr(config, "workerinput") or not config.pluginmanager.hasplugin("xdist") \
            or not config.getoption("numprocesses", None) or os.environ.get(SUITE_HOST) or not can_make_hosts():
        return
    made = config.stash[PHONE_HOST] = make_phone_host()
    os.environ[SUITE_HOST] = " ".join(made)                    # the workers, started later, inherit it


def pytest_unconfigure(config):
    import os
    from browser import SUITE_HOST, remove_phone_host
    made = config.stash.get(PHONE_HOST, None)
    if made is not None:
        remove_phone_host(made)
        os.environ.pop(SUITE_HOST, None)
