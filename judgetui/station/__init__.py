"""The station: the Textual face of judgetui (one App, its screens, dialogs and widgets).

Textual draws a changed screen on a timer that starts when something changes and fires
one frame period later (``TEXTUAL_FPS``, 60 by default: 16.7 ms). Every key a judge
presses waited for it. The station asks for 120 (8.3 ms) unless the variable is set;
Textual still draws only when something changed, so an idle station draws nothing.
It is set here, before any station module imports Textual, since Textual reads it once.
"""

import os

os.environ.setdefault("TEXTUAL_FPS", "120")
