"""meeple: an engine and platform where modern tabletop games are played, simulated and studied."""
