"""Text segmentation: words (UAX #29) and sentences, with exact character offsets."""

from .sentences import Sentence, split_sentences
from .words import lex_tokens, word_segments

__all__ = ["Sentence", "lex_tokens", "split_sentences", "word_segments"]
