"""Request counters per window, shared by every server process through the database."""

from django.db import models


class Counter(models.Model):
    """How many requests one client made in one scope during one window (``slot``: Unix time
    // period); kept until the next window ends (``expires``), as the sliding count weighs it.
    """

    scope = models.CharField(max_length=64)
    client = models.CharField(max_length=64)
    slot = models.BigIntegerField()
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "client", "slot"], name="throttle_counter_unique_window"
            )
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.client} #{self.slot}: {self.count}"
