"""Synthetic simulation for one experimental condition.

Each condition has an effect size; every observation is the effect plus noise, and
each metric summarises a sample of observations. Nothing here is specific to a field:
the blueprint gives the conditions and metrics their meaning.
"""
import numpy as np


def simulate_condition(effect, noise, n_samples, rng):
    """Draws n_samples synthetic observations for a condition."""
    return effect + noise * rng.standard_normal(n_samples)


def learning_curve(effect, noise, sizes, rng):
    """Mean observed outcome as the sample size grows (one point per size)."""
    points = []
    for size in sizes:
        sample = simulate_condition(effect, noise, size, rng)
        points.append([float(size), float(np.mean(sample))])
    return points
