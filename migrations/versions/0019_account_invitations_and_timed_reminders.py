"""one-time invitation links for accounts, and a reminder set for a time

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 05:30:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0019'
down_revision: Union[str, None] = '0018'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('account_invitation',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organisation_id', sa.Integer(), nullable=False),
    sa.Column('role', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('display_name', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('made_by', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('withdrawn_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['organisation_id'], ['organisation.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    op.create_index(op.f('ix_account_invitation_organisation_id'), 'account_invitation', ['organisation_id'],
                    unique=False)
    # ADD COLUMN only (no batch rebuild: on SQLite it would cascade-delete the invites, see 0006).
    op.add_column('poll', sa.Column('remind_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
    op.add_column('poll', sa.Column('remind_base', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False,
                                    server_default=''))
    op.add_column('poll', sa.Column('remind_by', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False,
                                    server_default=''))
    op.add_column('poll', sa.Column('reminded_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))


def downgrade() -> None:
    for column in ('reminded_at', 'remind_by', 'remind_base', 'remind_at'):
        op.drop_column('poll', column)         # SQLite's own DROP COLUMN: no rebuild that would cascade
    op.drop_index(op.f('ix_account_invitation_organisation_id'), table_name='account_invitation')
    op.drop_table('account_invitation')
