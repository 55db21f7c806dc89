"""On PostgreSQL, match events are append-only for real: a trigger refuses UPDATE and DELETE.
(SQLite, used by the embedded mode, has no such trigger; the services never update events.)"""

from django.db import migrations

CREATE = """
CREATE FUNCTION matches_event_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION USING
        MESSAGE = 'match events are append-only: ' || TG_OP || ' refused on matches_matchevent',
        ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER matches_event_append_only
    BEFORE UPDATE OR DELETE ON matches_matchevent
    FOR EACH ROW EXECUTE FUNCTION matches_event_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS matches_event_append_only ON matches_matchevent;
DROP FUNCTION IF EXISTS matches_event_append_only();
"""


def _on_postgresql(sql: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("matches", "0001_initial")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
