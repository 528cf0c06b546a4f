"""Database tables (SQLModel). Every schema change comes with an alembic migration."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class CaseRecord(SQLModel, table=True):
    """A ruling case; ``body`` holds the case file (JSON, docs/case-file.md)."""

    __tablename__ = "case_record"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(index=True, unique=True, max_length=120)
    title: str = Field(max_length=300)
    kind: str = Field(max_length=2)
    status: str = Field(default="open", max_length=20)
    body: str
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
