"""The words Streamlit itself writes on a page (its skip link, a select box's prompt and what it
tells a screen reader, the file drop zone, the password eye, the sidebar's buttons), which its
scripts carry in English only. Each is a catalog message here; a page of the app is served with
``<html lang>`` set to its reader's language and a small script that puts the catalog's words in
place of Streamlit's as they appear, in text and in the labels a screen reader reads (aria-label,
placeholder, title), the live region of a select box included. A message's {places} stand for
what Streamlit fills in (a count, an option's label)."""
from __future__ import annotations

import functools
import json
import re

from analysis.language import N_, language

STREAMLIT_WORDS = (
    N_("Skip to main content"), N_("Choose an option"), N_("Choose options"), N_("No results"), N_("Close"),
    N_("Show password"), N_("Hide password"), N_("Press Enter to apply"), N_("Press Enter to submit form"),
    N_("Drag and drop file here"), N_("Browse files"), N_("Limit {size} per file"), N_("Expand sidebar"),
    N_("Collapse sidebar"), N_("Fullscreen"), N_("Close fullscreen"), N_("Clear all"), N_("Clear value"),
    N_("Sidebar"), N_("App pages"), N_("Main menu"), N_("Link to heading"), N_("Decrement"), N_("Increment"),
    N_("Help for {label}"), N_("Open"), N_("Dismiss"), N_("View {count} more"), N_("View less"), N_("+{count} more"),
    N_("Add row"), N_("Delete row(s)"), N_("Download as CSV"), N_("Search"), N_("Select all"), N_("Clear selection"),
    N_("Show/hide columns"),
)
# what a select box tells a screen reader in its live region: replaced there only, never in a
# page's own text (a reason typed as "…, 2 of 8." stays as typed)
LIVE_WORDS = (
    N_("{count} options available."), N_("{count} option available."), N_("{count} results available"),
    N_("{count} result available"), N_("option {option}, selected."),
    N_("option {option}, deselected."), N_("value {value} focused, {place} of {count}."),
    N_("{option}, {place} of {count}."), N_("{option} selected, {place} of {count}."),
    N_("Use Up and Down to choose options, press Enter to select the currently focused option, press Escape to "
       "exit the menu, press Tab to select the option and exit the menu."),
    N_("Select is focused, type to refine list, press Down to open the menu."),
)
_PLACE = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> str:
    """The English text as a JavaScript regular expression, each place a group."""
    parts = _PLACE.split(template)
    return "^" + "".join(re.sub(r"[.*+?^${}()|[\]\\/]", lambda m: "\\" + m.group(0), part) if i % 2 == 0 else "(.+?)"
                         for i, part in enumerate(parts)) + "$"


def _replacement(template: str, said: str) -> str:
    """The language's text with each place as the group the English put there ($1, $2 …)."""
    order = {name: i + 1 for i, name in enumerate(_PLACE.findall(template))}
    return _PLACE.sub(lambda m: f"${order[m.group(1)]}", said.replace("$", "$$"))


def _pairs(lang, templates) -> list[list[str]]:
    return [[_pattern(t), _replacement(t, lang._(t))] for t in templates if lang._(t) != t]


@functools.cache
def words_script(code: str) -> bytes:
    """``<html lang>`` and Streamlit's words in the language of ``code`` (nothing to replace in
    English, whose words these are)."""
    lang = language(code)
    if lang.code == "en":
        return b""
    words = json.dumps(_pairs(lang, STREAMLIT_WORDS), ensure_ascii=False)
    live = json.dumps(_pairs(lang, LIVE_WORDS), ensure_ascii=False)
    return ("<script>(()=>{document.documentElement.lang=" + json.dumps(lang.code) + ";const R=l=>l.map(([p,r])=>"
            "[new RegExp(p),r]),W=R(" + words + "),L=R(" + live + ");"
            "const say=(t,live)=>{const s=t.trim();if(!s)return t;for(const[p,r]of live?L.concat(W):W)if(p.test(s))"
            "return t.replace(s,s.replace(p,r));return t};const A=['aria-label','placeholder','title'];"
            "const fix=n=>{if(n.nodeType===3){const e=n.parentElement,t=say(n.data,!!(e&&e.closest('[aria-live]')));"
            "if(t!==n.data)n.data=t;return}if(n.nodeType!==1)return;for(const a of A){const v=n.getAttribute(a);"
            "if(v){const t=say(v,false);if(t!==v)n.setAttribute(a,t)}}for(const c of n.childNodes)fix(c)};"
            "const start=()=>{fix(document.body);new MutationObserver(ms=>{for(const m of ms){"
            "if(m.type==='childList')m.addedNodes.forEach(fix);else fix(m.target)}}).observe(document.body,"
            "{subtree:true,childList:true,characterData:true,attributes:true,attributeFilter:A})};"
            "document.body?start():addEventListener('DOMContentLoaded',start)})()</script>").encode()


__all__ = ["STREAMLIT_WORDS", "LIVE_WORDS", "words_script"]
