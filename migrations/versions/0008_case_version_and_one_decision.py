"""a case's version number (concurrent edits) and one committee decision per appeal

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 18:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel  # noqa: F401
from alembic import op


revision: str = '0008'
down_revision: Union[str, None] = '0007'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ADD COLUMN, not a batch rebuild: on SQLite a rebuild of case_record with foreign keys on
    # would cascade-delete every poll and ruling (see 0006).
    op.add_column('case_record', sa.Column('version', sa.Integer(), nullable=False, server_default='1'))
    # Before this revision two decisions could be stored for one appeal under concurrency; the
    # first one recorded stands, as the case history shows it closing the case.
    op.execute("DELETE FROM committee_decision WHERE id NOT IN "
               "(SELECT MIN(id) FROM committee_decision GROUP BY case_id)")
    op.create_index('uq_committee_decision_case', 'committee_decision', ['case_id'], unique=True)


def downgrade() -> None:
    op.drop_index('uq_committee_decision_case', table_name='committee_decision')
    with op.batch_alter_table('case_record', schema=None) as batch_op:
        batch_op.drop_column('version')
