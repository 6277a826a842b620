"""The English the engine reads: every word list and phrase table, each defined once.

Algorithm modules import their tables from here and hold none of their own, so a table
is read (and changed) in one place and a module reads as what it does. This package
imports nothing of the project: any layer may use it.

- ``dates``: month and weekday names and abbreviations (text.boundaries);
- ``abbreviations``: abbreviations, sentence openers, citation words (text.boundaries,
  text.citations);
- ``verbs``: common verbs, finite auxiliaries, irregular past forms (decompose);
- ``grammar``: pronouns, determiners, prepositions, connectives (decompose.context, .coverage),
  the common words a capital never makes a name of (scoring.gates);
- ``polarity``: negations (decompose.coverage), rising and falling words, opposite pairs and
  quantifiers (scoring.gates);
- ``numbers``: number and ordinal words, scales, suffixes and unit spellings (scoring.numeric,
  scoring.gates);
- ``phrases``: refusal, hedge, question, lead-in and clause phrases (decompose).

Tables that grow with the domains users write about (names, units, function words for the
evidence checks) are JSON under ``longtracer_core/data``.
"""

__all__: list[str] = []
