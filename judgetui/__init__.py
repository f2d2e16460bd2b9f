"""judgetui: the judge station for card-game tournaments."""

__version__ = "0.1.0"
