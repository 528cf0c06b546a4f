"""a case's history said in the reader's language: each change keeps its summary as a message
(its template and values, JSON) beside the English summary

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27 12:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0017'
down_revision: Union[str, None] = '0016'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # a nullable ADD COLUMN: no table rebuild; a change made before it is shown as its summary was stored
    op.add_column('case_change', sa.Column('words', sqlmodel.sql.sqltypes.AutoString(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('case_change') as batch:
        batch.drop_column('words')
