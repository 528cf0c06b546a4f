"""organisations (clubs and federations side by side): each owns its cases and panel, an account's
role is per organisation; everything already stored belongs to the default organisation

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 06:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0012'
down_revision: Union[str, None] = '0011'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def _organisation_column(table: str) -> None:
    # ADD COLUMN, not a batch rebuild (a rebuild of case_record on SQLite would cascade-delete
    # its polls, see 0006). SQLite can neither add a NOT NULL foreign key column this way nor
    # drop one again, so there the column is a plain integer (organisations are never deleted);
    # PostgreSQL gets the foreign key.
    postgresql = op.get_bind().dialect.name == 'postgresql'
    refers = (sa.ForeignKey('organisation.id'),) if postgresql else ()
    op.add_column(table, sa.Column('organisation_id', sa.Integer(), *refers, nullable=True))


def _owned_by_organisation(table: str) -> None:
    _organisation_column(table)
    op.execute(f"UPDATE {table} SET organisation_id = 1")     # what is stored belongs to the default one
    if op.get_bind().dialect.name == 'postgresql':
        op.alter_column(table, 'organisation_id', nullable=False)
    op.create_index(f'ix_{table}_organisation_id', table, ['organisation_id'], unique=False)


def upgrade() -> None:
    op.create_table('organisation',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('slug', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('federation_id', sa.Integer(), nullable=True),
    sa.Column('shares_panel', sa.Boolean(), nullable=False),
    sa.Column('shares_research', sa.Boolean(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['federation_id'], ['organisation.id']),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_organisation_slug', 'organisation', ['slug'], unique=True)
    op.execute("INSERT INTO organisation (id, slug, name, kind, federation_id, shares_panel, shares_research, "
               "created_at) VALUES (1, 'default', 'Our club', 'club', NULL, FALSE, FALSE, CURRENT_TIMESTAMP)")
    if op.get_bind().dialect.name == 'postgresql':       # the next organisation made is number 2
        op.execute("SELECT setval(pg_get_serial_sequence('organisation', 'id'), 1)")

    op.create_table('membership',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('organisation_id', sa.Integer(), nullable=False),
    sa.Column('role', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.ForeignKeyConstraint(['organisation_id'], ['organisation.id']),
    sa.ForeignKeyConstraint(['user_id'], ['user_account.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'organisation_id', name='uq_membership_user_organisation')
    )
    op.create_index('ix_membership_user_id', 'membership', ['user_id'], unique=False)
    op.create_index('ix_membership_organisation_id', 'membership', ['organisation_id'], unique=False)
    # every account keeps its role, now in the default organisation
    op.execute("INSERT INTO membership (user_id, organisation_id, role) SELECT id, 1, role FROM user_account")
    # ALTER TABLE … DROP COLUMN on both databases (SQLite 3.35 and later): no rebuild of the table
    op.execute("ALTER TABLE user_account DROP COLUMN role")

    _owned_by_organisation('case_record')
    _owned_by_organisation('pollee')
    # a case id is unique within its organisation: two clubs may each have a case "board-7"
    op.drop_index('ix_case_record_slug', table_name='case_record')
    op.create_index('ix_case_record_slug', 'case_record', ['slug'], unique=False)
    op.create_index('uq_case_record_organisation_slug', 'case_record', ['organisation_id', 'slug'], unique=True)
    _organisation_column('sign_in_session')


# what a downgrade would lose: before 0012 there was one club and one role per account
_LOST = (
    ("other organisations' cases", "SELECT count(*) FROM case_record WHERE organisation_id <> 1"),
    ("other organisations' pollees", "SELECT count(*) FROM pollee WHERE organisation_id <> 1"),
    ("memberships of other organisations", "SELECT count(*) FROM membership WHERE organisation_id <> 1"),
    ("other organisations", "SELECT count(*) FROM organisation WHERE id <> 1"),
    ("accounts with no role in the default organisation",
     "SELECT count(*) FROM user_account WHERE NOT EXISTS (SELECT 1 FROM membership "
     "WHERE membership.user_id = user_account.id AND membership.organisation_id = 1)"),
)


def _refuse_a_lossy_downgrade() -> None:
    """Before 0012 an install held one club: a downgrade that would drop another club's cases,
    pollees or roles, or guess an account's one role, refuses and says why."""
    bind = op.get_bind()
    lost = [f"{n} {what}" for what, sql in _LOST if (n := bind.execute(sa.text(sql)).scalar())]
    if lost:
        raise RuntimeError("Downgrading below 0012 would lose " + "; ".join(lost) + ": before 0012 an install "
                           "held one organisation. Back up (huddle backup), then move or delete them first.")


def downgrade() -> None:
    _refuse_a_lossy_downgrade()
    op.drop_column('sign_in_session', 'organisation_id')
    op.drop_index('uq_case_record_organisation_slug', table_name='case_record')
    op.drop_index('ix_case_record_slug', table_name='case_record')
    op.create_index('ix_case_record_slug', 'case_record', ['slug'], unique=True)
    for table in ('pollee', 'case_record'):
        op.drop_index(f'ix_{table}_organisation_id', table_name=table)
        op.drop_column(table, 'organisation_id')
    op.add_column('user_account', sa.Column('role', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False,
                                            server_default='director'))
    op.execute("UPDATE user_account SET role = (SELECT role FROM membership "
               "WHERE membership.user_id = user_account.id AND membership.organisation_id = 1)")
    op.drop_table('membership')
    op.drop_table('organisation')
