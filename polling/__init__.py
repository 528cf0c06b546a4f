"""Persistence and the poll workflow (database, models, services)."""
