"""an organisation's rules for polls (who may be polled: peers of the player's standard; none who
played in the session), and its regulating authority, edition of the Laws and LA policy; an
account's own language for its pages

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26 15:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0016'
down_revision: Union[str, None] = '0015'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # a nullable ADD COLUMN: no table rebuild; the rules say nothing on it until an organisation does
    op.add_column('organisation', sa.Column('poll_pollees', sa.String(length=40), nullable=True))
    op.add_column('organisation', sa.Column('authority', sa.String(length=10), nullable=True))
    op.add_column('organisation', sa.Column('law_edition', sa.String(length=4), nullable=True))
    op.add_column('organisation', sa.Column('la_policy', sa.String(length=20), nullable=True))
    op.add_column('user_account', sa.Column('language', sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('user_account') as batch:
        batch.drop_column('language')
    with op.batch_alter_table('organisation') as batch:
        batch.drop_column('la_policy')
        batch.drop_column('law_edition')
        batch.drop_column('authority')
        batch.drop_column('poll_pollees')
