"""The station's dialogs: modal screens (`ModalScreen[T]`) that answer one question and close.

Full screens are in `judgetui.station.screens`, one a module.
"""
