"""The cards: the 80 numeral cards of the Da Er family and the 21 Sichuan domino faces (川牌), with the
Wuchuan two-ended card's correspondence between them."""
