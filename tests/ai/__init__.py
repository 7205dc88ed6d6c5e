"""The AI's tests (``park.ai``).

The levels, their budget and fairness, tactics, the planner against the engine, the coach's advice
and review, the sparring partners.
"""
