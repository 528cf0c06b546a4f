"""an organisation's rules for polls: the minimum number of pollees whose answers decide an LA

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26 11:20:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0015'
down_revision: Union[str, None] = '0014'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # a nullable ADD COLUMN: no table rebuild; no minimum until an organisation sets one
    op.add_column('organisation', sa.Column('poll_minimum', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('organisation') as batch:
        batch.drop_column('poll_minimum')
