"""a panel member's own language: their links' pages are in it (else the poll's)

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 18:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0014'
down_revision: Union[str, None] = '0013'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # a nullable ADD COLUMN: no table rebuild; every member follows the poll's language as before
    op.add_column('pollee', sa.Column('language', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('pollee') as batch:
        batch.drop_column('language')
