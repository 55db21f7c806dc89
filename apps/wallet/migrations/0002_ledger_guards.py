"""On PostgreSQL the ledger guards itself (SQLite, used by the embedded mode, relies on the
services, which only ever insert balanced transfers):

- every transfer balances: a deferred constraint trigger checks, at commit, that the entries of
  each transfer touched sum to zero;
- transfers and ledger entries are append-only: a trigger refuses UPDATE and DELETE.
"""

from django.db import migrations

CREATE = """
CREATE FUNCTION wallet_transfer_balanced() RETURNS trigger AS $$
DECLARE
    total numeric;
BEGIN
    SELECT COALESCE(SUM(amount), 0) INTO total
        FROM wallet_ledgerentry WHERE transfer_id = NEW.transfer_id;
    IF total <> 0 THEN
        RAISE EXCEPTION USING
            MESSAGE = 'wallet transfer ' || NEW.transfer_id || ' does not balance: ' || total,
            ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER wallet_transfer_balanced
    AFTER INSERT ON wallet_ledgerentry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION wallet_transfer_balanced();

CREATE FUNCTION wallet_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION USING
        MESSAGE = 'the wallet ledger is append-only: ' || TG_OP || ' refused on ' || TG_TABLE_NAME,
        ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER wallet_entry_append_only
    BEFORE UPDATE OR DELETE ON wallet_ledgerentry
    FOR EACH ROW EXECUTE FUNCTION wallet_append_only();

CREATE TRIGGER wallet_transfer_append_only
    BEFORE UPDATE OR DELETE ON wallet_transfer
    FOR EACH ROW EXECUTE FUNCTION wallet_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS wallet_transfer_append_only ON wallet_transfer;
DROP TRIGGER IF EXISTS wallet_entry_append_only ON wallet_ledgerentry;
DROP FUNCTION IF EXISTS wallet_append_only();
DROP TRIGGER IF EXISTS wallet_transfer_balanced ON wallet_ledgerentry;
DROP FUNCTION IF EXISTS wallet_transfer_balanced();
"""


def _on_postgresql(sql: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("wallet", "0001_initial")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
