import { describe, expect, it } from 'vitest';
import { fitLogistic, scoreLogistic } from '../src/bench/logistic.js';

describe('fitLogistic (offline reranker experiments)', () => {
  // Label 1 when the second feature is high, whatever the third (noise) says; fixed data, no randomness.
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < 40; i++) {
    const signal = (i % 10) / 10;
    X.push([1, signal, (i * 7) % 5]);
    y.push(signal > 0.55 ? 1 : i % 13 === 0 ? 1 : 0);
  }

  it('ranks by the informative feature and learns a positive weight for it', () => {
    const model = fitLogistic(X, y, 0.01);
    expect(model.weights[1]).toBeGreaterThan(1);
    expect(Math.abs(model.weights[2]!)).toBeLessThan(model.weights[1]!);
    expect(scoreLogistic(model, [1, 0.9, 2])).toBeGreaterThan(scoreLogistic(model, [1, 0.1, 2]));
  });

  it('shrinks the weights as the regularization grows', () => {
    const loose = fitLogistic(X, y, 0.001);
    const tight = fitLogistic(X, y, 10);
    expect(Math.abs(tight.weights[1]!)).toBeLessThan(Math.abs(loose.weights[1]!));
  });

  it('refuses rows and labels that do not pair up', () => {
    expect(() => fitLogistic([[1, 2]], [1, 0], 0.01)).toThrow(/1 rows and 2 labels/);
    expect(() => fitLogistic([], [], 0.01)).toThrow(/0 rows/);
  });
});
