"""Build-time tools of the repository (not part of the installed packages)."""
