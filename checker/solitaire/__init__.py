"""The solitaire variant (sol:): its moves and the Mystery Methuselah who plays them."""
