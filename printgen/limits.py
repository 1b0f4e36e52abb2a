"""Every limit printgen puts on its input, in one place: far above what a real game needs, far
below what would exhaust time or memory. Each error that enforces one names the number."""

from __future__ import annotations

# Files
MAX_TEXT_BYTES = 8 * 1024 * 1024  # rules.py and other text files: 8 MB each
MAX_YAML_BYTES = 32 * 1024 * 1024  # a YAML file: a deck at the card limit needs about 26 MB
MAX_PROSE_BYTES = 1024 * 1024  # a Markdown prose file or a document template: 1 MB (300 pages)
# lists or quotes nested in prose (a list in a list is one more): markdown-it's own limit (20
# token levels, about 9 lists) dropped the rest of the document without a word; it is raised
# far past this one, which is said
MAX_PROSE_NESTING = 12
# a prose file once rendered (its loops run): lines, and table cells; laying out a
# table of 150,000 rows took minutes and gigabytes within the 1 MB a file may hold
MAX_PROSE_LINES = 20_000
MAX_PROSE_TABLE_CELLS = 20_000
# '[' that no ']' closes in their paragraph, or inside another '[…]', in one prose file once
# rendered: markdown-it reads each as a link's start and looks ahead for its end, deeper for
# each inside (100,000 on one line: 5 s a parse, and a document is parsed more than once;
# 900,000 ran past a minute). Prose needs a few at most
MAX_PROSE_OPEN_BRACKETS = 1_000
# marks that may open or close an inline span (* _ ` [ ] < & \) in the running text of one
# prose file once rendered: markdown-it makes tokens of some hundred bytes of them (220,000
# '*a*' on one line: 9 s and 730 MB; 100,000 marks, 8 s and 230 MB). The bundled rulebooks
# hold one in 50 characters: 15,000 in 300 pages
MAX_PROSE_MARKS = 50_000
# pages of one rulebook (on its paper, or its booklet's half sheets): 19,000 headings fit the
# lines above and laid out 1,300 pages in 16 s (2,100 booklet pages: 41 s)
MAX_DOCUMENT_PAGES = 500
# {% %} and {{ }} tags of one template (prose, a document template, a card text): Jinja's
# compile runs in C, past any time limit, and grows faster than its size (29,000 macros: 43 s)
MAX_TEMPLATE_TAGS = 10_000
MAX_FONT_BYTES = 32 * 1024 * 1024  # one TTF
MAX_IMAGE_BYTES = 32 * 1024 * 1024  # one PNG or JPEG
MAX_IMAGE_PIXELS = 16_000_000  # 4000×4000 — a card at 1200 dpi needs 3 million
# one exported image (--format png, --service): a tarot card at 1200 dpi is 20 million
MAX_EXPORT_PIXELS = 50_000_000
MAX_YAML_DEPTH = 100  # levels of nesting in a YAML file (a card file needs five)
# values in one YAML file, aliases expanded: a deck at the card limit (100,000 cards of about
# 25 values) fits; an alias bomb of a billion is refused after 2.5 million
MAX_YAML_VALUES = 2_500_000
# values repeated by aliases in one file (each alias is a copy): shared defaults on every card
# of a 10,000-card deck repeat about 50,000
MAX_YAML_ALIAS_VALUES = 500_000

# Game and deck
MAX_CARDS_PER_DECK = 100_000  # copies of every card type together, generated ones included
MAX_CARDS_PER_GAME = 200_000  # every deck of a game together
MAX_COUNT = MAX_CARDS_PER_DECK  # one card's count
# a card id: it names files (png/<deck>/<id>.png), which a system allows 255 bytes
MAX_ID_CHARS = 100
MAX_GENERATED_VALUES = 1_000_000  # cards × variables one generate rule makes
# a balanced generator's search (source/pairwise.py; not run for an arrangement file) weighs every
# pair of symbols at each swap, and holds a count for every pair of their values: its time grows
# with the symbols, its memory with the value pairs (five symbols of 2,000 values over 200 cards
# took 10 s and 640 MB, two of 20,000 values 6 GB). 50 symbols of 9 values over 20,000 cards: 8 s
MAX_BALANCED_SYMBOLS = 50  # the bundled symbol deck has 11
MAX_BALANCED_VALUE_PAIRS = 100_000  # values of one symbol × of another, every pair: 3,000 there
MAX_PLAYERS = 1_000
# a text printed on one line as written (a title, subtitle, author, deck name): a title of a
# million characters reached the templates, which were blamed for the value they were given
MAX_PRINTED_LINE_CHARS = 1_000
# one label's text in a labels.yaml, in one language: a word, a sentence or a paragraph (printgen's
# longest is 357); a 2 MB one was said at the template line printing it, not at the label
MAX_LABEL_CHARS = 5_000
MAX_WHOLE_NUMBER = 10**9  # any other whole number a game file sets (duration, age, totals …)

# Geometry, in mm unless said otherwise
# a gutter (--gutter, printgen.yaml's, a deck's own): wider, cards are imposed apart, one to a
# block, with another gap than the one asked
MAX_GUTTER_MM = 20.0
MAX_LENGTH_MM = 1000.0  # any size, position, bleed or safe zone: 1 m
MAX_STROKE_PT = 100.0  # a stroke width, in points
MAX_FONT_PT = 1000.0  # a font size, in points
MAX_LEADING = 10.0  # line spacing, as a multiple of the font size
MAX_LAYOUT_ELEMENTS = 500  # elements of one layout, inherited ones included
MAX_COVER_CARDS = 12  # cards a rulebook cover fans out (80,000 entries took 35 s and 800 MB)

# Expressions and templates
BUILD_SECONDS = 30.0  # every expression and template of one build together
MAX_RESULT_CHARS = 1_000_000  # a string an expression or template makes
MAX_RESULT_ITEMS = 100_000  # a list an expression makes
# characters and list items the operations of one expression or template make in all: each
# result is capped above, but a thousand capped texts held at once would fill the memory
MAX_MADE = 8_000_000
MAX_POWER_BITS = 4096  # a ** b is refused when its result would be larger than 2**4096
MAX_RANGE = 1000  # range() in an expression or template

# A game's rules.py (printgen.rules.guard): what one rule or check may say
MAX_MESSAGE_CHARS = 2_000  # one message of a rule or a check, as shown
# any problem's message: one quoting a 5 MB YAML key was one 5 MB line (its middle is cut)
MAX_PROBLEM_CHARS = 4_000
MAX_SHOWN = 1_000  # distinct problems shown of one rule; the rest are counted
MAX_YIELDED = 1_000_000  # items one rule may hand back: more is a runaway loop, stopped
MAX_WARNINGS = 20  # Python warnings shown of one rule, or of importing one rules.py
# seconds importing a rules.py, or one of its rules, may run: a search over a whole deck takes
# well under one; an endless loop is stopped and said at its line
RULE_SECONDS = 60.0
ALL_RULES_SECONDS = 120.0  # every rule of one game together (three rules of 60 s: 3 minutes)
# memory a game's own Python (rules.py, simulate.py) may take beyond what printgen holds when it
# starts running it: a rule holding every card's text many times over needs a few MiB
DESIGNER_MEMORY_BYTES = 2 * 1024**3

# A game's simulate.py (printgen.simulate.faults)
MAX_GAME_SECONDS = 60.0  # one simulated game: an engine past it does not stop at its turn cap
MAX_TURN_CAP = 10_000  # turns a simulated game may run: a series holds one value a turn
# all of validate --simulate's games of one game (300): the bundled games need under a second
VALIDATE_SIMULATION_SECONDS = 120.0
MAX_JOBS = 64  # worker processes of a build or a simulation (--jobs)
MAX_GAMES = 1_000_000  # games of one run: an hour or more of play, far more than a verdict needs
