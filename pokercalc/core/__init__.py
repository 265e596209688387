"""What every calculation stands on: cards, games, evaluators, the engine kernels."""
