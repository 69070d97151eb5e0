"""``rules play``: watch the solitaire variant's Mystery Methuselah play a whole game."""

from __future__ import annotations

from typing import Annotated

import typer

from checker.cli.output import check_choice, console, escape, guarded, print_json

VARIANTS = ("solitaire",)


def register(app: typer.Typer) -> None:
    app.command("play")(play)


@guarded
def play(
    variant: Annotated[str, typer.Argument(help="The variant to play: solitaire.")],
    seed: Annotated[int, typer.Option("--seed", help="Deals the decks; the same seed plays the same game.")] = 1,
    max_turns: Annotated[int, typer.Option("--max-turns", min=1, max=10_000, help="Stop after this many turns.")]
    = 400,
    as_json: Annotated[bool, typer.Option("--json", help="Print the log as JSON.")] = False,
) -> None:
    """Play a whole solitaire game, the Mystery Methuselah on both sides (sol:basic.8), every step citing its rule.

    Exits 1 if an invariant breaks or no one has won when the turns run out.
    """
    from checker.engine.invariants import broken_invariants
    from checker.solitaire.game import play as play_game
    from reference.rulesets import rulesets

    check_choice("variant", variant, VARIANTS)
    broken: list[str] = []

    def check(state: object) -> None:
        broken.extend(broken_invariants(state))  # type: ignore[arg-type]

    game = play_game(seed, rulesets()[variant], max_turns=max_turns, check=check)
    if as_json:
        print_json({"seed": seed, "turns": game.turns, "winners": game.winners, "broken_invariants": broken,
                    "log": [{"turn": t, "player": who, "rule": e.rule, "message": e.message}
                            for t, who, e in game.log]})
    else:
        last = None
        for t, who, e in game.log:
            if (t, who) != last:
                console.rule(f"turn {t} · {escape(who)}")
                last = (t, who)
            console.print(f"[cyan]{e.rule:<18}[/cyan] {escape(e.message)}")
        scores = ", ".join(f"{p.name} {p.vp} VP, {p.pool} pool" for p in game.final.players)
        console.print(f"[bold]game over after {game.turns} turns: winner {', '.join(game.winners) or 'none'}"
                      f"[/bold] ({scores})")
        for b in broken:
            console.print(f"[red]invariant broken: {escape(b)}[/red]")
    if broken or not game.winners:
        raise typer.Exit(1)
