"""The layers point one way: ui and huddle on top; polling (storage, the workflow) and reports
(rendering) side by side, neither importing the other; figures; analysis at the bottom. analysis
imports nothing of ours above it (a notebook needs no database) and draws nothing; reports are
made by their callers from plain values."""
import ast
from dataclasses import replace

import pytest

from conftest import CASES, ROOT, stored_report

ABOVE = {"analysis": ("figures", "polling", "ui", "reports", "huddle"), "figures": ("polling", "ui", "reports", "huddle"),
         "reports": ("polling", "ui", "huddle"), "polling": ("reports", "ui", "huddle")}


def imported(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_no_module_imports_another_modules_private_names():
    """A name that starts with "_" is the module's own business: used elsewhere, it is made public
    under a name that says what it is."""
    wrong = []
    for package in ("analysis", "figures", "polling", "reports", "ui", "huddle"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                    wrong += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names
                              if a.name.startswith("_") and not a.name.startswith("__")]
    assert not wrong


def _module_of(path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports_of(path, module: str) -> set[str]:
    """Every module of ours that ``path`` imports, at the top or inside a function."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
            found |= {f"{base}.{node.module}"} if node.module else {f"{base}.{a.name}" for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def _packages_run(imports: set[str], module: str) -> set[str]:
    """Importing a.b.c runs a.b's __init__ first: a package whose surface imports its modules is
    in a loop with anything those modules read that imports the package from outside it (the
    case room's model reads the ruling section; the ruling section must not read the case room)."""
    return {prefix for name in imports for i in range(1, name.count(".") + 1)
            if not (module + ".").startswith((prefix := name.rsplit(".", i)[0]) + ".")}


def test_no_bench_script_shares_a_name_with_a_test_helper():
    """A benchmark runs with bench/ and tests/ both on its path: a script named as a helper there
    (bench/browser.py beside tests/browser.py) made `import browser` mean either, a circle."""
    helpers = {p.stem for p in (ROOT / "tests").glob("*.py")}
    assert {p.stem for p in (ROOT / "bench").glob("*.py")} & helpers == set()


def test_no_import_loops_not_even_inside_functions():
    """An import inside a function only hides a loop: none is left, in any package of ours, the
    benchmarks included."""
    paths = [p for package in ("analysis", "figures", "polling", "reports", "ui", "huddle", "bench")
             for p in (ROOT / package).rglob("*.py")]
    graph = {_module_of(p): p for p in paths}
    edges = {m: {d for d in _imports_of(p, m) | _packages_run(_imports_of(p, m), m) if d in graph and d != m}
             for m, p in graph.items()}

    def loop_from(start):
        seen, stack = set(), [(start, (start,))]
        while stack:
            node, trail = stack.pop()
            for nxt in edges[node]:
                if nxt == start:
                    return trail + (start,)
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, trail + (nxt,)))
        return None
    loops = {" → ".join(loop) for m in graph if (loop := loop_from(m))}
    assert not loops


@pytest.mark.parametrize("package", sorted(ABOVE))
def test_lower_layers_import_nothing_above_them(package):
    wrong = {f"{p.relative_to(ROOT)}: {name}" for p in (ROOT / package).rglob("*.py") for name in imported(p)
             if name.split(".")[0] in ABOVE[package]}
    assert not wrong


def test_a_stored_case_reads_as_one_dossier(database_url):
    from analysis.law import case as case_files
    from polling import cases, committee, rulings, services, setup
    from polling.dossier import load_dossier
    setup.prepare_database(load_examples=False)
    case = case_files.loads((CASES / "laws033-6d-slam.json").read_text())
    record = cases.create_case(case, "tess")
    rulings.save_ruling(record, case.ruling, "tess")
    poll = services.create_poll(record, "Matchpoints. What do you call?", alternatives=("P",))
    (invite,) = services.issue_invites(poll.id, ["Dana at table 3"])
    services.cast_vote(invite.token, "P", ["6D"])
    committee.record_vote(record, "ann", "uphold", "Pass is an LA.")
    dossier = load_dossier(record)
    assert dossier.case == replace(case, ruling_version=1) and dossier.status == "appealed"
    assert [v.version for v in dossier.ruling_versions] == [1]
    (seen,) = dossier.polls
    assert seen.answers[0]["pollee"] == "Pollee 1" and seen.answers[0]["call"] == "Pass"
    assert dossier.committee.summary.startswith("The appeal is under way: 1 vote so far")
    assert [s.headline() for s in dossier.ruling().scores.values()] == ["+420", "-920"]
    assert stored_report(dossier).file_stem == "laws033-6d-slam"


# The parts of analysis/, lowest first: each imports only the parts below it (and itself).
ANALYSIS_PARTS = ("core", "vocabulary", "language", "bridge", "files", "law", "polls", "evidence", "research", "casebook")
CORE = {"errors", "limits", "messages", "numbers", "distributions"}


def _part(module: str) -> str:
    name = module.split(".")[1]
    return "core" if name in CORE else name


def test_the_parts_of_analysis_import_only_the_parts_below_them():
    assert {p.stem for p in (ROOT / "analysis").glob("*.py")} == CORE | {"__init__"}
    assert {p.name for p in (ROOT / "analysis").iterdir() if p.is_dir() and p.name != "__pycache__"} == \
        set(ANALYSIS_PARTS) - {"core"}
    wrong = []
    for path in (ROOT / "analysis").rglob("*.py"):
        module = _module_of(path)
        if module == "analysis":
            continue
        rank = ANALYSIS_PARTS.index(_part(module))
        wrong += [f"{module} → {name}" for name in imported(path)
                  if name.startswith("analysis.") and ANALYSIS_PARTS.index(_part(name)) > rank]
    assert not wrong


def test_analysis_draws_nothing():
    """The core gives the data behind each chart; figures are drawn above it (figures/)."""
    drawing = {f"{p.relative_to(ROOT)}: {name}" for p in (ROOT / "analysis").rglob("*.py") for name in imported(p)
               if name.split(".")[0] in ("plotly", "matplotlib", "streamlit")}
    assert not drawing


def test_every_file_is_one_a_newcomer_can_live_in():
    """No module of ours outside the tests and the migrations is longer than 600 lines: a file
    that grows past it is split along its own sections."""
    long = {str(p.relative_to(ROOT)): n for p in ROOT.rglob("*.py")
            if not {".venv", "tests", "migrations", "node_modules"} & set(p.relative_to(ROOT).parts)
            and (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}
