"""an organisation's casebook: the decided cases it chose (a club's case in its federation's
casebook only when the club agreed), the panel's comments and ratings, and whether the casebook
names directors and committee members

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-03 07:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0021'
down_revision: Union[str, None] = '0020'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('organisation', sa.Column('casebook_names_officials', sa.Boolean(), nullable=False,
                                            server_default=sa.false()))
    op.create_table(
        'casebook_entry',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('organisation_id', sa.Integer(), sa.ForeignKey('organisation.id'), nullable=False, index=True),
        sa.Column('case_id', sa.Integer(), sa.ForeignKey('case_record.id', ondelete='CASCADE'), nullable=False,
                  index=True),
        sa.Column('chosen_by', sa.String(length=60), nullable=True),
        sa.Column('chosen_at', sa.DateTime(), nullable=True),
        sa.Column('agreed_by', sa.String(length=60), nullable=True),
        sa.Column('agreed_at', sa.DateTime(), nullable=True),
        sa.UniqueConstraint('organisation_id', 'case_id', name='uq_casebook_entry_case'))
    op.create_table(
        'casebook_comment',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('entry_id', sa.Integer(), sa.ForeignKey('casebook_entry.id', ondelete='CASCADE'), nullable=False,
                  index=True),
        sa.Column('username', sa.String(length=60), nullable=False),
        sa.Column('display_name', sa.String(length=120), nullable=False, server_default=''),
        sa.Column('language', sa.String(length=10), nullable=False, server_default='en'),
        sa.Column('comment', sa.String(length=4000), nullable=False),
        sa.Column('rating', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.UniqueConstraint('entry_id', 'username', name='uq_casebook_comment_writer'))


def downgrade() -> None:
    op.drop_table('casebook_comment')
    op.drop_table('casebook_entry')
    with op.batch_alter_table('organisation', schema=None) as batch_op:
        batch_op.drop_column('casebook_names_officials')
