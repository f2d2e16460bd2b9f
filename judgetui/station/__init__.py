"""The station: the Textual face of judgetui (one App, its screens, dialogs and widgets)."""
