"""The station's full screens, one a module.

They are opened through `judgetui.station.navigation` (keys, the palette, another
screen), never by importing one another; dialogs are in `judgetui.station.dialogs`.
"""
