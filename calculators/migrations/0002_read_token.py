from django.db import migrations


class Migration(migrations.Migration):
    """The read-only link's token is the API's ``read_token``."""

    dependencies = [("calculators", "0001_parties")]

    operations = [
        migrations.RenameField(model_name="game", old_name="view_token", new_name="read_token"),
    ]
