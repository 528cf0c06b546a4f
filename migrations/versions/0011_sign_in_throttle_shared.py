"""the sign-in throttle's failures and known addresses in the database, so every server process
on one database slows the same guesser

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 04:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0011'
down_revision: Union[str, None] = '0010'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('sign_in_failure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_sign_in_failure_key_at', 'sign_in_failure', ['key', 'at'], unique=False)
    op.create_table('sign_in_known_address',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('account', 'address', name='uq_sign_in_known_address')
    )


def downgrade() -> None:
    op.drop_table('sign_in_known_address')
    op.drop_index('ix_sign_in_failure_key_at', table_name='sign_in_failure')
    op.drop_table('sign_in_failure')
