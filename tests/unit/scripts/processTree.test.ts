import { describe, expect, it } from 'vitest';
import { cpuTimeSeconds, treeCpuSeconds } from '../../../scripts/stack/processTree';

describe('CPU time, as a start waits on a busy machine', () => {
  it('reads every form of ps’s TIME column', () => {
    expect(cpuTimeSeconds('00:07')).toBe(7);
    expect(cpuTimeSeconds('01:02:03')).toBe(3723);
    expect(cpuTimeSeconds('2-00:00:01')).toBe(172_801);
  });

  it('adds up a process and its children, and is 0 for one that has gone', () => {
    expect(treeCpuSeconds(process.pid)).toBeGreaterThanOrEqual(0);
    expect(treeCpuSeconds(2 ** 22 + 12_345)).toBe(0);
    expect(treeCpuSeconds(undefined)).toBe(0);
  });
});
