"""The English the engine reads: every word list and phrase table, each defined once.

Algorithm modules import their tables from here and hold none of their own, so a table
is read (and changed) in one place and a module reads as what it does. This package
imports nothing of the project: any layer may use it.

- ``dates``: month and weekday names and abbreviations (text.boundaries);
- ``abbreviations``: abbreviations, sentence openers, citation words (text.boundaries,
  text.citations);
- ``verbs``: common verbs, finite auxiliaries, irregular past forms (decompose);
- ``grammar``: pronouns, determiners, prepositions, connectives (decompose.context, .coverage);
- ``polarity``: negations (decompose.coverage);
- ``phrases``: refusal, hedge, question, lead-in and clause phrases (decompose).

The scoring gates' tables belong here too: the rising and falling words, opposite pairs and
quantifiers of ``scoring.gates`` in ``polarity`` (beside the negations it shares with the
coverage check), the number and ordinal words, scales and units of ``scoring.numeric`` and
``scoring.gates`` in a ``numbers`` module, and their month and weekday names are ``dates``'.
"""

__all__: list[str] = []
