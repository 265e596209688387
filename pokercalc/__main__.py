"""``python -m pokercalc`` runs the command line."""

from .cli import main

main()
