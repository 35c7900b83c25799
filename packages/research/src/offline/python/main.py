"""Runs the simulated experiment described by CONFIG and writes results.json."""
import csv
import json

import numpy as np

from metrics import compute_metric
from simulate import learning_curve, simulate_condition

CONFIG = json.loads(r'''__CONFIG__''')


def main():
    results = {"conditions": {}, "curves": {}, "curve_x_label": "sample size", "curve_y_label": "mean outcome"}
    sizes = [20, 40, 80, 160, 320]
    for index, condition in enumerate(CONFIG["conditions"]):
        effect = CONFIG["effects"][index]
        per_metric = {metric["name"]: [] for metric in CONFIG["metrics"]}
        for seed in CONFIG["seeds"]:
            rng = np.random.default_rng(seed * 1000 + index)
            observations = simulate_condition(effect, CONFIG["noise"], CONFIG["samples"], rng)
            for metric in CONFIG["metrics"]:
                value = compute_metric(metric["name"], metric["higher_is_better"], observations, CONFIG["threshold"])
                per_metric[metric["name"]].append(round(value, 6))
        results["conditions"][condition] = per_metric
        curve_rng = np.random.default_rng(CONFIG["seeds"][0] * 7919 + index)
        results["curves"][condition] = learning_curve(effect, CONFIG["noise"], sizes, curve_rng)
    with open("results.json", "w", encoding="utf-8") as handle:
        json.dump(results, handle, indent=2)
    # The same curves as CSV, one column per condition, for plotting.
    with open("curves.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["sample_size"] + CONFIG["conditions"])
        for row, size in enumerate(sizes):
            writer.writerow([size] + [results["curves"][c][row][1] for c in CONFIG["conditions"]])
    print("wrote results.json and curves.csv for", len(CONFIG["conditions"]), "conditions")


if __name__ == "__main__":
    main()
