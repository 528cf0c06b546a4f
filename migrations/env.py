"""Alembic environment: the models' metadata, batch mode for SQLite's ALTER."""
from alembic import context
from sqlmodel import SQLModel

import polling.models  # noqa: F401  (registers the tables)
from polling.db import engine_for

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    with engine_for(url).connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
