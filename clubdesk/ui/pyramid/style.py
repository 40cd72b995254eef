"""Looks of the Пирамидка widgets, kept with them (applied on the window, on top of resources/style.qss).

A player box paints its own frame and keeps its size when it becomes active: a shot that passes the turn
repaints the two boxes, without re-polishing them or laying the window out again.
"""

STYLE = """
#pyramidMatch, #pyramidPanel { background: #f6f7f9; }
#pyramidPlayer { background: transparent; border: none; padding: 3px; }  /* the box paints its frame */
#pyramidName { font-size: 15pt; font-weight: 600; }
#pyramidScore { font-size: 44pt; font-weight: 700; color: #1f2a37; }
#pyramidTurn { font-size: 12pt; font-weight: 700; color: #8a5a00; }
#pyramidDebt { color: #b3261e; font-weight: 600; }
#pyramidInfo { font-size: 11pt; line-height: 140%; }
#pyramidTable { font-size: 11pt; color: #3d4650; }
#pyramidBanner { font-size: 15pt; font-weight: 700; color: #14532d; background: #dcfce7;
                 border: 1px solid #86efac; border-radius: 6px; padding: 8px; }
#pyramidDraft { font-size: 11.5pt; background: #eef3f9; border-radius: 4px; padding: 4px 8px; }
#pyramidBall, #controlBall, #cueBall { font-size: 14pt; font-weight: 600; min-height: 40px; min-width: 40px;
                                       border-radius: 20px; padding: 2px; }
#controlBall { background: #fde68a; border: 2px solid #b45309; }
#cueBall { background: #fff7cc; border-radius: 6px; padding: 2px 10px; min-width: 84px; }
#pyramidBall:checked, #controlBall:checked, #cueBall:checked { background: #2563eb; color: white;
                                                              border: 2px solid #1e40af; }
#pyramidBall:disabled, #controlBall:disabled, #cueBall:disabled { background: #eceff3; color: #b6bdc6;
                                                                  border: 1px dashed #c5ccd4; }
#pyramidPocket { font-size: 11.5pt; min-height: 28px; }
#pyramidMode { min-height: 30px; font-weight: 600; }
#pyramidMode:checked { background: #1f2a37; color: white; border: 1px solid #1f2a37; }
#primary { background: #2563eb; color: white; border: 1px solid #1d4ed8; font-weight: 600; }
#primary:disabled { background: #dbe3ee; color: #52647a; border: 1px solid #c5cfdc; }  /* «Упал по заказу (+)» waits for a call: still readable */
#sectionTitle { font-size: 13pt; font-weight: 600; }
#pyramidKeys { background: white; border: 1px solid #d8dde3; border-radius: 6px; }
#pyramidKeys QLabel { font-size: 9.5pt; }
#pyramidKeysTitle { font-weight: 700; }
#pyramidKey { font-family: monospace; font-weight: 700; color: #1f2a37; }
"""

# The hall scoreboard: dark like the Жук scoreboard, read from across the hall; the player at the table in gold.
# Every rule below the first two starts with #pyramidScoreboard: it must outweigh «#pyramidScoreboard QLabel».
BOARD_STYLE = """
#pyramidScoreboard { background: #10161d; }
#pyramidScoreboard QLabel { color: #f2f4f7; background: transparent; }
#pyramidScoreboard #pyramidBoardTitle { font-size: 26pt; font-weight: 700; color: #e0a526; }
#pyramidScoreboard #pyramidBoardStatus { font-size: 24pt; font-weight: 700; color: #7fd3a1; }
#pyramidScoreboard #pyramidBoardSide { background: #1b2530; border: 2px solid #2c3a4b; border-radius: 14px; }
#pyramidScoreboard #pyramidBoardSide[active="true"] { border: 4px solid #e0a526; background: #232f3b; }
#pyramidScoreboard #pyramidBoardName { font-size: 30pt; font-weight: 700; }
#pyramidScoreboard #pyramidBoardName[active="true"] { color: #e0a526; }
#pyramidScoreboard #pyramidBoardTurn { font-size: 22pt; font-weight: 700; color: #e0a526; }
#pyramidScoreboard #pyramidBoardScore { font-size: 130pt; font-weight: 700; }
#pyramidScoreboard #pyramidBoardShelf { font-size: 16pt; color: #aab4c0; }
#pyramidScoreboard #pyramidBoardDebt { font-size: 18pt; font-weight: 700; color: #ff6b5e; }
#pyramidScoreboard #pyramidBoardTable { font-size: 20pt; }
#pyramidScoreboard #pyramidBoardSubtitle { font-size: 18pt; font-weight: 600; color: #aab4c0; }
#pyramidScoreboard #pyramidBoardShot { font-size: 15pt; }
"""
