"""The solitaire variant (sol:): its moves and the Mystery Methuselah who plays them.

Importing it registers its decisions and their handlers with the engine (checker/engine/engine.py
``register``), which imports nothing of its variants: the scenarios, the CLI and the tests import it.
"""

from checker.engine.engine import register
from checker.solitaire import mystery, turn
from checker.solitaire.decisions import BurnVampires, Mystery, ReviewCrypt, ReviewResources

register("mystery", Mystery, mystery.play)
register("burn_vampires", BurnVampires, turn.burn_phase)
register("review_crypt", ReviewCrypt, turn.review_crypt)
register("review_resources", ReviewResources, turn.review_resources)
