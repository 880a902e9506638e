import { describe, expect, test } from 'vitest';
import { readTrajectoryBytes } from '../../../src/trajectory/reader/read-text.js';

describe('readTrajectoryBytes', () => {
  test('a regular file longer than it measures (a /proc file measures 0 bytes) is read whole', () => {
    const text = readTrajectoryBytes(
      '/proc/self/status',
      () => new Error('missing'),
      '/proc/self',
    ).toString();
    expect(text).toMatch(/^Name:\t/);
    expect(text).toMatch(/\nPid:\t\d+\n/);
    expect(text).toMatch(/\nVmPeak:/);
  });
});
