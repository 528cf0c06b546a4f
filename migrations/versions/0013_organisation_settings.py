"""an organisation's settings: the skip-bid regulation its events use (and the pause below which
a call is undue haste), and the language its polls and rulings are in

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25 13:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0013'
down_revision: Union[str, None] = '0012'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ADD COLUMN with a server default: no table rebuild, every organisation keeps what it had
    # (the ACBL procedure was every case's default until now)
    op.add_column('organisation', sa.Column('skip_bid_regulation', sqlmodel.sql.sqltypes.AutoString(length=20),
                                            nullable=False, server_default='acbl'))
    op.add_column('organisation', sa.Column('skip_bid_haste_under', sa.Integer(), nullable=True))
    op.add_column('organisation', sa.Column('language', sqlmodel.sql.sqltypes.AutoString(length=10),
                                            nullable=False, server_default='en'))


def downgrade() -> None:
    with op.batch_alter_table('organisation') as batch:
        batch.drop_column('language')
        batch.drop_column('skip_bid_haste_under')
        batch.drop_column('skip_bid_regulation')
