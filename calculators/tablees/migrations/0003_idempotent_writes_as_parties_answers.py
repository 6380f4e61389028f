"""A tablée's remembered answers stored as a party's are (one mechanism for both): the
``digest`` becomes the ``fingerprint``, the answer's body its bytes. (Its unique constraint,
``one_answer_per_tablee_key`` since 0002, never shares its name with a party's: PostgreSQL
names an index after it.)"""

import json

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def body_to_bytes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    IdempotentWrite = apps.get_model("tablees", "IdempotentWrite")
    for write in IdempotentWrite.objects.all():
        # the bytes the answer was sent as (the API's JSON, non-ASCII kept as is)
        write.body_bytes = json.dumps(write.body, ensure_ascii=False).encode()
        write.save(update_fields=["body_bytes"])


def body_to_json(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    IdempotentWrite = apps.get_model("tablees", "IdempotentWrite")
    for write in IdempotentWrite.objects.all():
        write.body = json.loads(bytes(write.body_bytes))
        write.save(update_fields=["body"])


class Migration(migrations.Migration):
    dependencies = [
        ("tablees", "0002_idempotent_writes"),
    ]

    operations = [
        migrations.RenameField(
            model_name="idempotentwrite", old_name="digest", new_name="fingerprint"
        ),
        migrations.AlterField(
            model_name="idempotentwrite",
            name="key",
            field=models.CharField(max_length=64, verbose_name="clé"),
        ),
        migrations.AddField(
            model_name="idempotentwrite",
            name="body_bytes",
            field=models.BinaryField(default=b""),
            preserve_default=False,
        ),
        migrations.RunPython(body_to_bytes, body_to_json),
        migrations.RemoveField(model_name="idempotentwrite", name="body"),
        migrations.RenameField(
            model_name="idempotentwrite", old_name="body_bytes", new_name="body"
        ),
    ]
