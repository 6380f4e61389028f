"""Joins the two lines of migrations made on the same day: the remembered answers of idempotent
writes, and the history's indexes and subjects with the retired tokens."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("calculators", "0005_idempotent_answers"),
        ("calculators", "0007_retired_tokens"),
    ]

    operations = []
