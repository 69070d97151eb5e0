"""The ``rules`` command. Only this package prints and picks exit codes."""

from __future__ import annotations

import typer

from checker.cli import cache_cmds, card_cmds, errata_cmds, play_cmds, reference_cmds, scenario_cmds, site_cmds

app = typer.Typer(
    name="rules",
    help="The Jyhad / V:TES rules reference: read the rules, ask a rules question, check an erratum.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)
reference_cmds.register(app)
card_cmds.register(app)
scenario_cmds.register(app)
errata_cmds.register(app)
site_cmds.register(app)
play_cmds.register(app)
cache_cmds.register(app)


def main() -> None:
    """Entry point of the ``rules`` console script."""
    from checker.cli.signals import clean_exit_on_termination
    from checker.collector import tune

    tune()
    with clean_exit_on_termination():
        app()
