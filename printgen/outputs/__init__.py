"""One module per output verb: cards (and every deck output such as tokens and pawns),
rulebook, player-aid. Each turns laid-out data into named files' bytes; writing is the caller's.
"""
