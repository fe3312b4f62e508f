import { describe, expect, it } from 'vitest';
import { judgeAudit } from '../audit';

const report = (counts: Record<string, number>, vulnerabilities = {}) =>
  JSON.stringify({ vulnerabilities, metadata: { vulnerabilities: { ...counts, total: 0 } } });

describe('the audit gate', () => {
  it('passes with no high or critical advisory', () => {
    const outcome = judgeAudit(report({ info: 0, low: 1, moderate: 2, high: 0, critical: 0 }));
    expect(outcome.status).toBe('ok');
    expect(outcome.message).toContain('1 low, 2 moderate');
  });

  it('fails on a high or critical advisory, naming the package', () => {
    const outcome = judgeAudit(report({ high: 0, critical: 1 }, { leftpad: { severity: 'critical' } }));
    expect(outcome).toEqual({ status: 'failed', message: '0 high and 1 critical advisories: leftpad (critical)' });
  });

  it('skips, saying why, when the registry answers with an error instead of a report', () => {
    const outcome = judgeAudit(JSON.stringify({ message: '405 Method Not Allowed', statusCode: 405 }));
    expect(outcome).toEqual({
      status: 'skipped',
      message: 'the audit service did not answer with a report (405 Method Not Allowed)',
    });
  });

  it('skips, saying why, when npm printed no report at all', () => {
    const outcome = judgeAudit('', 'npm error code ENOTFOUND\nnpm error network request failed');
    expect(outcome).toEqual({ status: 'skipped', message: 'npm audit gave no report (npm error code ENOTFOUND)' });
  });
});
