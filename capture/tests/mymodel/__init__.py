"""A user's model package for the break-kinds scenarios: its breaks are the user's own code."""
