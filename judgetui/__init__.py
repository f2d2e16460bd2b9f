"""judgetui: the judge station for card-game tournaments."""
