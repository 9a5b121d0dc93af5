"""Computer players: the player protocol and each game's bots (``bots.daer`` for the Da Er family)."""
