/** Arithmetic mean. */
export function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Sample standard deviation (n − 1); 0 for a single value. */
export function std(values: number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

export interface WelchResult {
  t: number;
  df: number;
  /** Two-sided p-value. */
  p: number;
}

/** Welch's t-test for two independent samples with unequal variances. */
export function welchTTest(a: number[], b: number[]): WelchResult {
  const va = std(a) ** 2 / a.length;
  const vb = std(b) ** 2 / b.length;
  const diff = mean(a) - mean(b);
  if (va + vb === 0)
    return {
      t: diff === 0 ? 0 : Math.sign(diff) * Infinity,
      df: a.length + b.length - 2,
      p: diff === 0 ? 1 : 0,
    };
  const t = diff / Math.sqrt(va + vb);
  const df =
    (va + vb) ** 2 /
    ((va * va) / Math.max(1, a.length - 1) + (vb * vb) / Math.max(1, b.length - 1));
  return { t, df, p: studentTwoSidedP(t, df) };
}

/** The t value with two-sided tail probability `alpha` (e.g. 2.776 for alpha 0.05, df 4), by bisection. */
export function studentQuantile(alpha: number, df: number): number {
  let lo = 0;
  let hi = 1000;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSidedP(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The 95% confidence interval of a mean (Student's t); a single value gives a zero-width interval. */
export function confidenceInterval95(values: number[]): [number, number] {
  const m = mean(values);
  if (values.length < 2) return [m, m];
  const half = (studentQuantile(0.05, values.length - 1) * std(values)) / Math.sqrt(values.length);
  return [m - half, m + half];
}

/** Two-sided p-value of Student's t with `df` degrees of freedom. */
export function studentTwoSidedP(t: number, df: number): number {
  const x = df / (df + t * t);
  return Math.min(1, Math.max(0, regularizedIncompleteBeta(x, df / 2, 0.5)));
}

/** Regularized incomplete beta I_x(a, b) by Lentz's continued fraction (Numerical Recipes §6.4). */
function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnBeta = logGamma(a + b) - logGamma(a) - logGamma(b);
  const front = Math.exp(Math.log(x) * a + Math.log(1 - x) * b + lnBeta);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-30;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 200; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-12) break;
  }
  return h;
}

/** Lanczos approximation of ln Γ(x). */
function logGamma(x: number): number {
  const g = 7;
  const coef = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let sum = coef[0]!;
  for (let i = 1; i < g + 2; i++) sum += coef[i]! / (x + i);
  const t = x + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}
