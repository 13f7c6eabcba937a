"""Benchmarks: python build.py bench runs every module here."""
