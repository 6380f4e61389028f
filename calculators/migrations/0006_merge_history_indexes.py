# The history indexes of two lines of work (by state; by subject) meet here.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("calculators", "0005_history_index_by_state"),
        ("calculators", "0005_history_subject"),
    ]

    operations = []
