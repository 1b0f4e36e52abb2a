"""Playtest simulator: the bundled games played from their card data (see contract.py)."""
