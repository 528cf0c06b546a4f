"""Huddle's own HTML (the pollee's page, the sign-in and account pages) made one way: Jinja
templates in ``templates/``, autoescaped, so that whatever a person typed is shown as text."""
from __future__ import annotations

from functools import cache


@cache
def templates():
    from jinja2 import Environment, PackageLoader, select_autoescape
    return Environment(loader=PackageLoader("huddle.web", "templates"), autoescape=select_autoescape(default=True),
                       trim_blocks=True, lstrip_blocks=True)


def render_template(template: str, /, **values) -> str:
    return templates().get_template(template).render(**values)


__all__ = ["templates", "render_template"]
