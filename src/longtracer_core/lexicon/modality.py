"""Words of modality: what a claim says must, will, may or can happen (``scoring.modality``)."""

from __future__ import annotations

__all__ = [
    "CERTAIN_MODALS",
    "CERTAIN_MODAL_PHRASES",
    "FUTURE_MODALS",
    "POSSIBLE_MODALS",
    "MODAL_DEADLINES",
    "DEADLINE_TIMES",
    "MODAL_FILLERS",
    "MODAL_HEDGES",
    "MONTH_OPENERS",
]

# modality (``scoring.modality``): a claim that says a thing must or will happen where the
# evidence says only that it may or can ("may be removed" / "will be removed"; "you may
# carry over up to 5 days" / "you must carry over 5 days") claims more than the evidence.
# The words before the verb that say each; a contraction counts ("you'll"). Of these,
# the ones that only say what will happen: against the evidence's "can" they restate an
# ability ("You'll find the key under Settings" / "You can find your key under Settings").
CERTAIN_MODALS = frozenset("must will shall 'll ’ll".split())
CERTAIN_MODAL_PHRASES = ("have to", "has to", "had to", "need to", "needs to")
FUTURE_MODALS = frozenset("will shall 'll ’ll".split())
POSSIBLE_MODALS = frozenset("may might could can".split())
# a deadline after a claim's "must" makes it the evidence's "can … within" said as a rule
# ("you must raise the dispute within 3 months" / "you can raise a dispute within 3
# months"); "by", "before", "until" only before a time ("by 31 March", not "by card")
MODAL_DEADLINES = frozenset("within by before until".split())
DEADLINE_TIMES = frozenset("midnight noon today tomorrow then end deadline date next".split())
# words between a modal and its verb that change nothing ("may also be removed")
MODAL_FILLERS = frozenset(
    """be been also still then only just automatically temporarily eventually immediately
    permanently""".split()
)
# words after a modal of certainty that take the certainty back ("will usually take")
MODAL_HEDGES = frozenset("usually normally generally typically often probably likely".split())
# words before "may" that make it the month ("from 1 May", "in May")
MONTH_OPENERS = frozenset("in on of from since until till before after by early late mid".split())
