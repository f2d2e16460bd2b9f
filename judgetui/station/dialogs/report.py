"""The report screens' dialogs: the file name a report is saved in, an investigation's finding."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text

from judgetui.i18n import N_, _
from judgetui.report_file import reports_folder
from judgetui.station.dialogs.void import _ReasonModal

_MODAL_CSS = """
{name} {{ align: center middle; }}
{name} .dialog {{
    width: 100%; max-width: 72; height: auto; max-height: 100%;
    padding: 0 1; border: round $accent; background: $surface;
}}
{name} .dialog-title {{ text-style: bold; color: $accent; width: 100%; }}
{name} .dialog-body {{ padding: 1 0 0 0; }}
{name} .field-label {{ padding-top: 1; }}
"""


class SaveReportModal(_ReasonModal):
    """The file name a report is saved in."""

    HELP_TITLE: ClassVar[str] = N_("Save the report")
    NOTE_PROMPT: ClassVar[str] = N_("File name (in your reports folder)")
    EMPTY_NOTE: ClassVar[str] = N_("Name the file first.")
    DEFAULT_CSS = _MODAL_CSS.format(name="SaveReportModal")

    def __init__(self, suggestion: str) -> None:
        body = Text(
            _(
                "The report is saved as plain text in {folder}; a file that exists is "
                "replaced only if you say so."
            ).format(folder=reports_folder())
        )
        super().__init__(_("Save the report"), body, suggestion)


class FindingModal(_ReasonModal):
    """The head judge's finding that closes an investigation."""

    HELP_TITLE: ClassVar[str] = N_("Close the investigation")
    NOTE_PROMPT: ClassVar[str] = N_("Finding (required)")
    EMPTY_NOTE: ClassVar[str] = N_("Write the finding first: the log keeps it.")
    DEFAULT_CSS = _MODAL_CSS.format(name="FindingModal")

    def __init__(self, who: str) -> None:
        super().__init__(
            _("Close the investigation"),
            Text(
                _("{who}: write the finding, then press enter; escape goes back.").format(who=who)
            ),
        )
