"""sign-in sessions kept on the server

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 01:05:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel  # noqa: F401
from alembic import op


revision: str = '0007'
down_revision: Union[str, None] = '0006'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('sign_in_session',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    with op.batch_alter_table('sign_in_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_session_user_id'), ['user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('sign_in_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_in_session_user_id'))
    op.drop_table('sign_in_session')
