"""What test modules share: import it from here (``from tests.helpers.event import HEAD``).

No test module imports another test module or a conftest; fixtures live in the conftests,
plain functions and constants here. ``store_writer.py`` and ``trust_lock_writer.py`` are
scripts the store's tests run as separate processes.
"""
