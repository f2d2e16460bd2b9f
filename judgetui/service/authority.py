"""Who is acting, and whether their role allows the act: the service's checks.

The rules of who may issue which penalty are the engine's (`judgetui.engine.authority`);
here the acting judge is identified against the roster and the process's OS account,
and a head judge's act is refused to anyone else.
"""

from __future__ import annotations

from judgetui.i18n import _
from judgetui.service.base import BadInput, NotPermitted, PlannerBase
from judgetui.state import EventState, JudgeState


class Authority(PlannerBase):
    """The acting judge, and the head judge's acts."""

    def identify(self, state: EventState, name: str | None) -> JudgeState:
        """The acting judge, checked against the roster and the process's OS account."""
        bound_to_me = [j for j in state.judges.values() if j.os_user == self.caller.os_user]
        if name is None:
            if len(bound_to_me) == 1:
                return bound_to_me[0]
            raise BadInput(_("say who is acting: --judge NAME"), key="judge_not_named")
        judge = state.judges.get(name) or next(
            (j for j in state.judges.values() if j.name.casefold() == name.casefold()), None
        )
        if judge is None:
            known = ", ".join(state.judges) or _("none")
            raise BadInput(
                _("unknown judge {name!r} (judges of this event: {known})").format(
                    name=name, known=known
                ),
                key="unknown_judge",
            )
        if judge.os_user is not None and judge.os_user != self.caller.os_user:
            raise NotPermitted(
                _(
                    "judge {name} is bound to the OS account {account!r}; "
                    "this process runs as {user!r}"
                ).format(name=judge.name, account=judge.os_user, user=self.caller.os_user),
                key="account_mismatch",
            )
        if bound_to_me and judge not in bound_to_me:
            raise NotPermitted(
                _("the OS account {user!r} belongs to judge {name}").format(
                    user=self.caller.os_user, name=bound_to_me[0].name
                ),
                key="account_taken",
            )
        return judge

    @staticmethod
    def require_head(judge: JudgeState, act: str) -> None:
        if judge.role != "head":
            refused = (
                _("only the head judge may {act}; {name} is a trainee")
                if judge.role == "trainee"
                else _("only the head judge may {act}; {name} is a floor judge")
            )
            raise NotPermitted(refused.format(act=_(act), name=judge.name), key="head_only")
