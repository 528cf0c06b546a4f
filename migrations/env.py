"""Alembic environment: the models' metadata, batch mode for SQLite's ALTER."""
from alembic import context
from sqlmodel import SQLModel

import polling.models  # noqa: F401  (registers the tables)
from polling.db import engine_for

config = context.config
target_metadata = SQLModel.metadata


def database_url() -> str:
    """The database the migration runs on: the one the app configured (polling.db), or, from the
    alembic command line, the one the app itself uses (HUDDLE_DATABASE_URL, else the embedded
    file), never a second setting that could name another database."""
    if config.cmd_opts is not None:
        from polling import settings
        return settings.database_url()
    return config.get_main_option("sqlalchemy.url")


def run_migrations_online() -> None:
    url = database_url()
    with engine_for(url).connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        raw = connection.connection.dbapi_connection
        if sqlite:
            # SQLite changes a table by copying it into a new one and dropping the old: with foreign
            # keys enforced, the drop would cascade and delete every row that refers to it (links,
            # ballots, history). Enforcement is set outside a transaction, so on the raw connection.
            raw.execute("PRAGMA foreign_keys=OFF")
        try:
            # SQLite's DDL is transactional (we issue BEGIN ourselves, polling.db): every migration
            # of one command lands together or not at all, as on PostgreSQL
            context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=sqlite,
                              transactional_ddl=True)
            with context.begin_transaction():
                context.run_migrations()
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"the migration would leave {len(broken)} rows pointing nowhere "
                                           f"(first in table {broken[0][0]}); nothing was changed")
            connection.commit()
        finally:
            if sqlite:
                raw.execute("PRAGMA foreign_keys=ON")


if context.is_offline_mode():
    context.configure(url=database_url(), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
