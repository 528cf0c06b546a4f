"""a case appealed again after a lawful reopening and a new ruling is a new appeal: votes and
decisions carry the appeal's number, one decision per appeal

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28 09:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op


revision: str = '0020'
down_revision: Union[str, None] = '0019'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('committee_decision', sa.Column('appeal', sa.Integer(), nullable=False, server_default='1'))
    op.drop_index('uq_committee_decision_case', table_name='committee_decision')
    op.create_index('uq_committee_decision_case_appeal', 'committee_decision', ['case_id', 'appeal'], unique=True)
    # committee_vote is referenced by no table: rebuilding it on SQLite loses nothing
    with op.batch_alter_table('committee_vote', schema=None) as batch_op:
        batch_op.add_column(sa.Column('appeal', sa.Integer(), nullable=False, server_default='1'))
        batch_op.drop_constraint('uq_committee_vote_case_member', type_='unique')
        batch_op.create_unique_constraint('uq_committee_vote_case_appeal_member', ['case_id', 'appeal', 'username'])


def downgrade() -> None:
    op.execute("DELETE FROM committee_vote WHERE appeal > 1")
    op.execute("DELETE FROM committee_decision WHERE appeal > 1")
    with op.batch_alter_table('committee_vote', schema=None) as batch_op:
        batch_op.drop_constraint('uq_committee_vote_case_appeal_member', type_='unique')
        batch_op.create_unique_constraint('uq_committee_vote_case_member', ['case_id', 'username'])
        batch_op.drop_column('appeal')
    op.drop_index('uq_committee_decision_case_appeal', table_name='committee_decision')
    op.create_index('uq_committee_decision_case', 'committee_decision', ['case_id'], unique=True)
    op.drop_column('committee_decision', 'appeal')
