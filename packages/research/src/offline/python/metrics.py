"""Metrics computed from simulated observations."""
import numpy as np


def compute_metric(name, higher_is_better, observations, threshold):
    """A metric value for a sample: the share above threshold for rate-like names, else a location summary."""
    lowered = name.lower()
    if any(word in lowered for word in ("rate", "accuracy", "success", "share", "fraction", "proportion")):
        return float(np.mean(observations > threshold))
    if any(word in lowered for word in ("error", "loss", "cost", "time", "latency", "regret")):
        return float(np.mean(np.abs(observations - threshold * 2.0)))
    if higher_is_better:
        return float(np.mean(observations))
    return float(np.std(observations))
