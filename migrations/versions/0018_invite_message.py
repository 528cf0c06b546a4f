"""personal links sent from Huddle by e-mail: to whom, when, which link or reminder, and any
failure, kept with the poll

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 04:40:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0018'
down_revision: Union[str, None] = '0017'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('invite_message',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('poll_id', sa.Integer(), nullable=False),
    sa.Column('invite_id', sa.Integer(), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('channel', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('error', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
    sa.Column('username', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.ForeignKeyConstraint(['invite_id'], ['invite.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['poll_id'], ['poll.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_invite_message_invite_id'), 'invite_message', ['invite_id'], unique=False)
    op.create_index(op.f('ix_invite_message_poll_id'), 'invite_message', ['poll_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_invite_message_poll_id'), table_name='invite_message')
    op.drop_index(op.f('ix_invite_message_invite_id'), table_name='invite_message')
    op.drop_table('invite_message')
