"""a poll's wording kept against the wording check, with the director's reason

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 11:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0010'
down_revision: Union[str, None] = '0009'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ADD COLUMN only (no batch rebuild: on SQLite it would cascade-delete the ballots, see 0006).
    op.add_column('poll', sa.Column('wording_override', sa.String(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('poll') as batch_op:
        batch_op.drop_column('wording_override')
