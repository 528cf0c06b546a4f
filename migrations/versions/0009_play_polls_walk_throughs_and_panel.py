"""play and lead polls, walk-through answers, follow-up polls and the pollee panel

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 19:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel  # noqa: F401
from alembic import op


revision: str = '0009'
down_revision: Union[str, None] = '0008'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        'pollee',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('grade', sa.String(length=20), nullable=False),
        sa.Column('reach_by', sa.String(length=20), nullable=False),
        sa.Column('contact', sa.String(length=200), nullable=False),
        sa.Column('played', sa.String(), nullable=False),
        sa.Column('notes', sa.String(length=1000), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('retired_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    # ADD COLUMN only (no batch rebuild: on SQLite it would cascade-delete the polls, see 0006).
    op.add_column('poll', sa.Column('kind', sa.String(length=10), nullable=False, server_default='call'))
    op.add_column('ballot', sa.Column('path', sa.String(), nullable=False, server_default='{}'))
    for table, column, target in (('poll', 'follows_id', 'poll'), ('invite', 'pollee_id', 'pollee')):
        if op.get_bind().dialect.name == 'sqlite':   # SQLite adds a column with its reference in one statement
            op.execute(f"ALTER TABLE {table} ADD COLUMN {column} INTEGER REFERENCES {target}(id)")
        else:
            op.add_column(table, sa.Column(column, sa.Integer(), sa.ForeignKey(f'{target}.id'), nullable=True))
    op.create_index('ix_invite_pollee_id', 'invite', ['pollee_id'])
    if op.get_bind().dialect.name != 'sqlite':      # SQLite does not enforce VARCHAR lengths
        op.alter_column('ballot', 'call', type_=sa.String(length=20), existing_nullable=False)


def downgrade() -> None:
    if op.get_bind().dialect.name != 'sqlite':
        op.alter_column('ballot', 'call', type_=sa.String(length=3), existing_nullable=False)
    op.drop_index('ix_invite_pollee_id', table_name='invite')
    with op.batch_alter_table('invite') as batch_op:
        batch_op.drop_column('pollee_id')
    with op.batch_alter_table('ballot') as batch_op:
        batch_op.drop_column('path')
    with op.batch_alter_table('poll') as batch_op:
        batch_op.drop_column('follows_id')
        batch_op.drop_column('kind')
    op.drop_table('pollee')
