"""The migration operation that creates the extension."""
from django.contrib.postgres.operations import CreateExtension


class UidextExtension(CreateExtension):
    """`operations = [UidextExtension(), ...]`: CREATE EXTENSION IF NOT EXISTS uidext."""

    def __init__(self):
        self.name = "uidext"
