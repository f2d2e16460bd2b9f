"""Checks a developer (and CI) runs against the source tree; nothing here runs in a station."""
