import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  confidenceInterval95,
  mean,
  std,
  studentQuantile,
  studentTwoSidedP,
  welchTTest,
} from '../src/pipeline/stats.ts';

const close = (a: number, b: number, tol: number) =>
  assert.ok(Math.abs(a - b) <= tol, `${a} ≉ ${b}`);

test('Student t quantiles and p-values match published tables', () => {
  close(studentQuantile(0.05, 4), 2.776, 0.001);
  close(studentQuantile(0.05, 10), 2.228, 0.001);
  close(studentQuantile(0.05, 1000), 1.962, 0.002);
  close(studentTwoSidedP(2.228, 10), 0.05, 0.0005);
  close(studentTwoSidedP(0, 5), 1, 1e-9);
});

test('mean, standard deviation, confidence interval and Welch test on known data', () => {
  const a = [2, 4, 4, 4, 5, 5, 7, 9];
  assert.equal(mean(a), 5);
  close(std(a), 2.138, 0.001);
  const [lo, hi] = confidenceInterval95(a);
  close(lo, 5 - (2.365 * 2.138) / Math.sqrt(8), 0.01);
  close(hi, 5 + (2.365 * 2.138) / Math.sqrt(8), 0.01);
  // Welch's example values checked with scipy.stats.ttest_ind(equal_var=False).
  const x = [
    27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4,
  ];
  const y = [
    27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4,
  ];
  const w = welchTTest(x, y);
  close(w.t, -2.46, 0.01);
  close(w.df, 24.99, 0.05);
  close(w.p, 0.021, 0.001);
});
