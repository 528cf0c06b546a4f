"""case kind wide enough for "unplayable"

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 00:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel  # noqa: F401
from alembic import op


revision: str = '0006'
down_revision: Union[str, None] = '0005'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # SQLite does not enforce VARCHAR lengths, and its batch mode would recreate case_record: with
    # foreign keys on, dropping the old table cascades to every poll, ruling and history row.
    if op.get_bind().dialect.name == "sqlite":
        return
    with op.batch_alter_table('case_record', schema=None) as batch_op:
        batch_op.alter_column('kind', existing_type=sqlmodel.sql.sqltypes.AutoString(length=2),
                              type_=sqlmodel.sql.sqltypes.AutoString(length=12), existing_nullable=False)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    with op.batch_alter_table('case_record', schema=None) as batch_op:
        batch_op.alter_column('kind', existing_type=sqlmodel.sql.sqltypes.AutoString(length=12),
                              type_=sqlmodel.sql.sqltypes.AutoString(length=2), existing_nullable=False)
