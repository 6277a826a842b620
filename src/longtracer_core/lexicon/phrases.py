"""English phrase patterns of the rule-based decomposer: refusals, hedges, questions, lead-ins.

Each pattern is a table of English phrases written as a regular expression (alternatives are
phrases; ``_APOS`` matches either apostrophe). Only what the phrases are lives here; how a
sentence is classified or split with them is in ``longtracer_core.decompose.classify`` and
``longtracer_core.decompose.clauses``. Changing a phrase changes the decomposer's output: the
reference workload and the decomposition tests pin it, and ``RULES_VERSION`` names it.
"""

from __future__ import annotations

import regex

from .polarity import FALLING_WORDS, RISING_WORDS
from .verbs import FINITE, PAST_BASE

__all__ = [
    "SUBJECT_VERB",
    "ANSWER_WORD",
    "ASSERTING_FRAME",
    "CLAUSE",
    "COLON_LEAD_IN",
    "COORDINATOR",
    "ITEM_BREAK",
    "REFERS_BACK",
    "DOUBT",
    "HEDGE",
    "INDIRECT",
    "INTERJECTION",
    "JOINER",
    "LABEL",
    "META",
    "OPENER",
    "PLEASANTRY",
    "PRESUPPOSED",
    "QUESTION_OPENER",
    "REFUSAL",
    "TAG_QUESTION",
    "TRANSITION",
]

_I = regex.IGNORECASE | regex.VERSION1
_APOS = "['’]"

# What a piece of writing is called when an answer says what it does not say ("the pricing
# page doesn't say …", "none of the leaflets mentions …"), and the verbs of saying a text
# does or does not do; with a word that may also mean the world ("the policy doesn't
# cover", "the plan doesn't include") a writing only refuses by a verb of saying.
_WRITING = (
    r"(?:reports?|pages?|handbooks?|guides?|guidance|manuals?|leaflets?|faqs?|documentation"
    r"|docs|websites?|site|notes|articles?|summar(?:y|ies)|filings?|press\s+releases?"
    r"|datasheets?|spec\s+sheets?|terms|brochures?|announcements?|listings?)"
)
_SAYS = (
    r"say|mention|specify|state|give|tell|list|name|compare|explain|detail|quote|show|report"
    r"|break\s+down|spell\s+out"
)

# Honest refusals: the answer says it does not know or the sources do not say.
REFUSAL = regex.compile(
    rf"""^(?:(?:sorry|unfortunately|however|but|so|and)[,!]?\s+)?(?:
        i\s+(?:do\s+not|don{_APOS}t|did\s+not|didn{_APOS}t)\s+know
      | i(?:\s+am|{_APOS}m)\s+(?:not\s+(?:sure|certain)|unsure|uncertain|unable\s+to)
      | i\s+(?:could\s+not|couldn{_APOS}t|cannot|can{_APOS}t|can\s+not|was\s+unable\s+to|
              were\s+unable\s+to|did\s+not|didn{_APOS}t)\s+
           (?:find|determine|locate|answer|tell|say|confirm|verify|identify|see)
      | i\s+have\s+no\s+(?:information|data|knowledge|details)
      | there(?:\s+(?:is|are|was|were)|{_APOS}s)\s+no\s+(?:specific\s+|relevant\s+|further\s+)?
           (?:information|mention|details?|data|record)s?\b
      | no\s+(?:specific\s+|relevant\s+|further\s+)?(?:information|mention|details?)\s+
           (?:is|are|was|were|about|on|of|regarding)\b
      | (?:(?:the|these|those)\s+)?
           (?:provided\s+|given\s+|supplied\s+|available\s+|retrieved\s+)?
           (?:documents?|context|sources?|texts?|passages?|articles?|information|excerpts?)
           (?:\s+(?:provided|given|supplied|available))?
           \s+(?:do|does|did)\s*(?:n{_APOS}t|\s+not)\s+
           (?:contain|include|provide|discuss|cover|address|offer|describe|indicate|{_SAYS})
      | (?:the\s+)?(?:[\p{{Ll}}-]+\s+){{0,2}}{_WRITING}
           \s+(?:do|does|did)\s*(?:n{_APOS}t|\s+not)\s+(?:{_SAYS})
      | (?:the|these|those)\s+(?:docs|documents|sources)
           \s+(?:can{_APOS}t|cannot|can\s+not|could\s*n{_APOS}t|could\s+not)\s+(?:tell|say)
      | (?:none|neither)\s+of\s+the\s+(?:{_WRITING}|documents|sources|texts|passages)
           \s+(?:\p{{L}}+ly\s+)?(?:says?|mentions?|gives?|states?|specif(?:y|ies)|lists?|names?)
      | (?:this|that|the\s+answer|the\s+\w+)\s+is\s+not\s+(?:mentioned|specified|stated|
           given|provided|available|covered|included)\s+in\s+the\s+
           (?:provided\s+|given\s+)?(?:documents?|context|sources?|texts?|passages?)
      | (?:it\s+is|it{_APOS}s)\s+(?:not\s+(?:possible|clear)|unclear|impossible)\s+
           (?:to\s+(?:determine|say|tell|know)|from\s+the)
    )""",
    flags=_I | regex.VERBOSE,
)

# Pleasantries: the words after them belong to the phrase ("let me know if you
# need more"), so only a statement after a clause break is checked.
PLEASANTRY = regex.compile(
    r"""^(?:
        (?:i\s+)?hope\s+(?:this|that|it)\s+helps
      | let\s+me\s+know\s+(?:if|whether|which|what|when|how)\b
      | feel\s+free\s+to
      | (?:please\s+)?reach\s+out
      | is\s+there\s+anything\s+else
      | sorry\s+to\s+hear\s+(?:about\s+your\b|(?:that|this)(?=\s*[.!]))
      | (?:i\s+)?hope\s+(?:you|your)\b(?!\s+(?:know|knew|reali[sz]e|understand|remember|notice))
      | (?:i\s+|we\s+)?hope\s+
           (?:(?:she|he|they|everything|all)(?:{_APOS}s|{_APOS}re)?|the\s+[\p{L}-]+)
           \s+(?:is\s+|are\s+)?(?:goes|go|going|went|feels?|feeling|gets?|getting|well|better)\b
      | good\s+news(?=\s*(?:[.!,:;—–-]|on\s+(?:both|all|that|this)\b|$))
      | (?:i{_APOS}m\s+|i\s+am\s+|i{_APOS}d\s+be\s+|i\s+would\s+be\s+)?(?:happy|glad)\s+to\s+
           (?:help|run|rerun|redo|go\s+through|walk\s+you|work\s+(?:it\s+|that\s+|this\s+)?out
           |check|draft|put\s+together|look\s+(?:at|into)|compare|explain|calculate|break)\b
      | if\s+you{_APOS}d\s+like,?\s+i\s+can\s+
           (?:help|draft|write|walk\s+you|put\s+together|set\s+up|prepare|sketch|work\s+out|go\s+through|run\s+through)\b
      | thanks?(?:\s+you)?\s+for\s+(?:asking|your\s+question)
    )""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)
# Interjections: whatever follows them is a statement of its own ("Of course X did Y").
INTERJECTION = regex.compile(
    r"^(?:sure|certainly|of\s+course|absolutely|okay|ok|definitely)\b[,!.]?",
    flags=_I,
)

# Questions that assert: a statement put as a question ("Did you know X …?", "Isn't it
# true that X?") or followed by a tag ("X, right?"). The statement is verified.
ASSERTING_FRAME = regex.compile(
    rf"""^(?:
        did\s+you\s+know(?:\s+that)?
      | do\s+you\s+(?:know|realise|realize)\s+that
      | (?:is|was)n{_APOS}t\s+it\s+(?:true|the\s+case|a\s+fact)\s+that
      | (?:is|was)\s+it\s+not\s+(?:true|the\s+case)\s+that
      | (?:would|do|did)(?:n{_APOS}t|\s+not)\s+you\s+(?:agree|think|say)(?:\s+that)?
      | as\s+you\s+(?:may\s+|might\s+)?know,?
      | (?:remember|recall)\s+that
      | (?:fun\s+fact|guess\s+what)\s*[,:!-]?
    )\s+""",
    flags=_I | regex.VERBOSE,
)
# How a question that asks opens: a question word, an auxiliary verb or a short opener.
QUESTION_OPENER = regex.compile(
    r"""^[\s*_"'(]*(?:
        what|who|whom|whose|which|when|where|why|how|whether|if|is|are|was|were|am|do|does|
        did|can|could|will|would|shall|should|may|might|must|has|have|had|any|anything|
        anyone|anybody|need|want|care|or|and|so|then|also|perhaps|maybe|curious|wondering|
        ready|interested|isn|aren|wasn|weren|don|doesn|didn|won|wouldn|can{_APOS}t|couldn|
        shouldn|haven|hasn
    )\b""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)
TAG_QUESTION = regex.compile(
    rf"""[,—–-]\s*(?:
        right|correct|true|no|yes|ok(?:ay)?
      | (?:is|was|are|were|does|did|do|has|have|had|can|could|will|would|should)n{_APOS}t
          \s+(?:it|he|she|they|you|we|there|that)
      | (?:don{_APOS}t\s+you\s+think|wouldn{_APOS}t\s+you\s+(?:agree|say))
    )\s*\?+\s*$""",
    flags=_I | regex.VERBOSE,
)

# What a refusal may go on to say: a clause it presupposes ("I don't know why X", "The
# documents do not mention that X") is a statement to verify; an indirect question
# ("… whether X", "… how long X takes") is not.
PRESUPPOSED = regex.compile(
    r"""^\s*(?:(?:confirm|verify|say|determine|tell|explain|know|find|see|state)\s+)?
        (?:(?:about|on|regarding|as\s+to|of)\s+)?(?:why|that|how\s+come)\s+""",
    flags=_I | regex.VERBOSE,
)
# Doubt followed directly by a clause ("I'm not sure X did Y") hedges that clause.
DOUBT = regex.compile(r"(?:sure|certain|unsure|uncertain)$", flags=_I)
INDIRECT = regex.compile(
    r"^\s*(?:whether|if|about|of|what|which|who|whom|whose|when|where|how|why)\b", flags=_I
)

# Meta lead-ins: only meta when nothing with content follows them.
META = regex.compile(
    r"""^(?:
        (?:great|good|excellent|interesting)\s+question
      | (?:here\s+(?:is|are)|here{_APOS}s|below\s+(?:is|are))\s+
           (?:(?:a|an|the|some|my|our|your|these|those|few|several|more|key|main|brief|short|
               quick|detailed|full|complete|relevant|important|step-by-step|possible|general|
               other|additional|following|top|major|side-by-side|handy|clear|simple|
               concise|kid-friendly|beginner-friendly|plain-english|easy-to-read|
               easy-to-follow|at-a-glance|high-level|in-depth|quick-reference|bite-sized|
               no-nonsense|jargon-free)\s+)*
           (?:summary|overview|answer|breakdown|list|points?|details?|facts?|steps?|options?|
              results?|findings?|highlights?|information|info|things?|ways?|reasons?|
              examples?|explanation|comparison|table|recap|notes?|tips?|takeaways?|sources?|
              answers?|rundown|run-down|reference|guide|look|snapshot|timeline|schedule|
              numbers|figures|rates|prices|costs|fees|rules|changes|differences|trade-offs|
              arithmetic|maths?|calculations?|working|sums|
              what\s+i\s+found|what\s+(?:the\s+)?(?:documents?|sources?|context)\s+says?|
              how|why|what)\b(?![^:.!?]*\b(?:which|who|whose)\b)
           [^:.!?\p{N}]{0,80}(?::|[.!]?\s*$)
      | let(?:{_APOS}s|\s+us)\s+(?:run|work\s+(?:out|through)|go\s+through|do)\s+(?:the\s+)?
           (?:numbers|maths?|arithmetic|figures|sums|calculations?)\b(?![^:.!?]*\b(?:which|who|whose)\b)
           [^:.!?\p{N}]{0,60}(?::|[.!]?\s*$)
      | (?:please\s+)?(?:note|remember)\s+that\s+(?:this|these|the\s+(?:above|answer|information))
      | (?:please\s+)?(?:consult|verify|check)\s+(?:with\s+)?(?:a|an|the|your|official)\b
    )""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)

# Pure hedges: uncertainty about the answer itself, with no statement in it.
HEDGE = regex.compile(
    r"""^(?:
        (?:i\s+)?(?:might|may|could)\s+be\s+(?:wrong|mistaken|incorrect)
      | (?:this|that|the)(?:\s+(?:answer|information|response|list|summary|above))?\s+
           (?:may|might|could)\s+
           (?:not\s+be\s+(?:complete|accurate|exhaustive|up\s+to\s+date)|be\s+(?:incomplete|
           inaccurate|outdated))
      | (?:results|details|figures|numbers)\s+(?:may|might|can)\s+vary
      | it\s+(?:depends|may\s+depend|can\s+depend)\s+on\s+(?:
           (?:what|how|who|which|whether|when|where)\b(?-i:[^\p{Lu}\p{N}]){0,60}
         | (?:(?:the|your|a|many|several|various|other|a\s+(?:few|number\s+of)|a\s+lot\s+of)\s+)?
           (?:[\p{Ll}-]+\s+)?(?:context|situation|circumstances?|case|factors?|details?|needs?|
              use\s+case|requirements?|specifics|conditions?|individual|person|jurisdiction|
              definition|interpretation|version|configuration|set-?up|platform|region|
              country|goals?|preferences?|budget)s?
        )\s*[.!]?$
    )""",
    flags=_I | regex.VERBOSE,
)

# Transition lines: a lead-in ending with ':' or a bare discourse marker.
TRANSITION = regex.compile(
    r"""^(?:
        (?:in\s+summary|to\s+summari[sz]e|in\s+conclusion|overall|in\s+short|to\s+conclude|
           for\s+example|for\s+instance|additionally|moreover|furthermore|first(?:ly)?|
           second(?:ly)?|third(?:ly)?|finally|next|also|however|that\s+said)\s*[,:.]?\s*$
      | [^.!?]{0,80}:\s*$
    )""",
    flags=_I | regex.VERBOSE,
)
# A line ending in ':' that holds a verb is a lead-in only in these shapes ("The main
# findings are:", "Key steps include:", "as follows:"); otherwise it states something.
COLON_LEAD_IN = regex.compile(
    r"""(?:
        (?:^|\s)(?:are|is|were|was|include|includes|included|involve|involves|contain|
           contains|need|needs|require|requires|cover|covers|consist\s+of|consists\s+of|
           follow|follows|as\s+follows|
           like\s+this|the\s+following|such\s+as|e\.g\.|including|below|here)\s*:\s*$
      | ^(?:here\s+(?:is|are)|here{_APOS}s|below\s+(?:is|are))\b(?-i:[^\p{Lu}\p{N}]){0,60}:\s*$
      | ^(?:what|how|why|when|where|who|which)\b[^\p{N}]{0,60}:\s*$
      | \s(?:a\s+few|several|some|these|the\s+following|following|many|various)\s+[\p{L}-]+:\s*$
    )""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)

# Discourse openers stripped from the front of a claim's text (not from its span), before a
# comma or a colon ("In short, X", "Bottom line: X", a chat label "Note: X").
OPENER = regex.compile(
    r"""^(?:(?:
        in\s+summary|to\s+summari[sz]e|in\s+conclusion|overall|in\s+short|additionally|
        moreover|furthermore|also|however|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|
        in\s+addition|as\s+a\s+result|therefore|thus|yes|no|indeed|in\s+other\s+words|
        in\s+brief|put\s+simply|simply\s+put|in\s+practice|in\s+general|generally\s+speaking|
        bottom\s+line|to\s+sum\s+up|in\s+a\s+nutshell|tl;?\s?dr|the\s+upshot|
        (?:the\s+)?(?:short|quick)\s+version|(?:the\s+)?key\s+takeaway|
        (?-i:(?:(?:Please\s+)?[Nn]ote|Key\s+points?|Important|Tip|Reminder)(?=:))|
        (?:according\s+to|based\s+on|as\s+(?:stated|mentioned|described|noted)\s+in|per)\s+
           (?:the\s+)?(?:provided\s+|given\s+|retrieved\s+|available\s+)?
           (?:(?:documents?|docs?|context|sources?|texts?|passages?|information|evidence|
              excerpts?|references?)
              (?:\s*[A-Za-z]?\d+(?:\s*(?:,|and|&)\s*[A-Za-z]?\d+)*)?)
           (?:\s+provided|\s+you(?:{_APOS}ve|\s+have)?\s+(?:shared|provided|sent|uploaded|attached)
              |\s+you\s+gave(?:\s+me)?)?
      | based\s+on\s+what\s+you(?:{_APOS}ve|\s+have)?\s+
           (?:shared|provided|sent|told\s+me|described|said)
    )[,:]\s+)+""".replace("{_APOS}", _APOS),
    flags=_I | regex.VERBOSE,
)

# Labels some frameworks put in front of an answer ("Response 1:", "Answer:").
LABEL = regex.compile(
    r"^(?:(?:final|short|quick|brief)\s+)?(?:response|answer|summary|result|output|version)"
    r"(?:\s+\d{1,3})?\s*:\s+",
    flags=_I,
)

# A heading that states something: a subject (up to three capitalised words, or an article
# and a noun) then a finite verb (an auxiliary, a past form, or a present form followed by
# its object). Titles ("Key facts", "Water flow", "Telling the affected people") do not.
SUBJECT_VERB = regex.compile(
    rf"""^[^\p{{L}}\p{{N}}]*(?:
        (?:(?:the|a|an|its|their|this|that|his|her|our)\s+)?(?-i:\p{{Lu}}[\p{{L}}'’.-]*\s+){{1,3}}
      | (?:the|a|an|its|their|this|that|his|her|our)\s+[\p{{L}}'’-]+\s+
    )(?:
        (?:{"|".join(FINITE)})\b
      | \p{{L}}{{3,}}ed\b
      | (?:{"|".join(sorted(PAST_BASE))})\b
      | \p{{L}}{{3,}}(?<!ss|us|is)s\s+
        (?:(?:the|a|an|its|their|his|her|our)\b|\p{{N}}|(?-i:\p{{Lu}}))
    )""",
    flags=_I | regex.VERBOSE,
)

# Where a sentence may hold two statements: a coordinator after a comma, or "whereas"
# anywhere ("X rose 5%, and Y fell 2%"). A "while" with no comma before it says when
# ("There are no RMDs while the original owner is alive", "Don't drive while taking
# it"): cut there, the sentence would lose its condition and state one nobody made.
# A "while" between two changes or two figures contrasts them ("Prices rose 5% while wages
# fell 2%") and is a cut.
_CHANGE = (
    r"(?:\d|\b(?:"
    + "|".join(sorted({*RISING_WORDS, *FALLING_WORDS}, key=len, reverse=True))
    + r")\b)"
)
# what parts two items of one sentence, each with its own figures ("…, while …", "; …",
# "… and a 500 ml …"; ``scoring/scaling.py``)
ITEM_BREAK = regex.compile(
    r"[,;]\s|\b(?:while|whereas|but)\b|\b(?:and|or)\s+(?:a|an|the)\b", regex.IGNORECASE
)

COORDINATOR = regex.compile(
    r",\s+(?:and|but|while|whereas|yet|so)\s+|(?<!\s)\s++whereas\s+"
    # the word first, then the look back: tried only where a "while" stands
    rf"|(?<!\s)\s++(?=while\s)(?<={_CHANGE}[^,.;:]*)while\s+(?=[^,.;:]*{_CHANGE})",
    flags=_I,
)

# A clause that speaks of what the clause before it named ("…, and retail buyers got the
# rest") or denies it of something else ("…, but not afterwards"): it says nothing alone,
# so a sentence is not cut before it.
REFERS_BACK = regex.compile(
    r"\b(?:the\s+(?:rest|remainder|others?|latter|former|same|balance)|the\s+remaining"
    r"|so\s+(?:did|does|do|was|were|is|are|has|have|had))\b"
    r"|\b(?:as\s+well|too)\b(?=\s*(?:[,;:.!?)]|$))"  # "… rose too", not "too expensive"
    r"|^\s*not\b(?!\s+only\b)",  # "…, but not afterwards": the clause before, denied
    flags=_I,
)

# Where an independent clause may start after a refusal or a meta/hedge lead-in.
# (a break starts where a run of whitespace starts, so a long run is scanned once)
CLAUSE = regex.compile(
    r"(?<!\s)(?:\s*+[,;:]|\s++(?<=\s)[—–-]|\s++(?:but|however|although|yet|and|so|because|since)\s+)\s*",
    flags=_I,
)
# A conjunction left at the front of a claim's text once it is split off ("And Y fell").
JOINER = regex.compile(r"^(?:and|but|so|yet|however|although)\s*,?\s+", flags=_I)

# A bare answer word that opens a reply ("Yes, it does."); it states nothing alone.
ANSWER_WORD = regex.compile(
    r"^\W*(?:yes|no|yeah|yep|nope|sure|ok|okay|correct|right|indeed)\b\W*", flags=_I
)
