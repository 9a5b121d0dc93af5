"""What every game of the archive shares: bilingual text and errors, sourced values, the game protocol with
its lazy legal actions, and the table (seats, roles, order). Standard library only, no I/O."""
