/**
 * `npm run audit`: production dependencies must have 0 high or critical advisories
 * (`npm audit --omit=dev`). Offline-safe: when the registry's audit service cannot be reached or
 * does not answer with a report, it prints a visible WARNING and passes; it never skips silently.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface AuditOutcome {
  status: 'ok' | 'failed' | 'skipped';
  message: string;
}

interface AuditReport {
  metadata?: { vulnerabilities?: Partial<Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>> };
  vulnerabilities?: Record<string, { severity?: string }>;
  message?: string;
  error?: { summary?: string };
}

/** Judges the JSON `npm audit --json` printed (or failed to print). */
export function judgeAudit(stdout: string, stderr = ''): AuditOutcome {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { status: 'skipped', message: `npm audit gave no report (${firstLine(stderr) || 'no output'})` };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const why = report.message ?? report.error?.summary ?? firstLine(stderr) ?? 'no report';
    return { status: 'skipped', message: `the audit service did not answer with a report (${why})` };
  }
  const high = counts.high ?? 0;
  const critical = counts.critical ?? 0;
  const summary = Object.entries(counts)
    .filter(([severity]) => severity !== 'total')
    .map(([severity, count]) => `${count} ${severity}`)
    .join(', ');
  if (high + critical > 0) {
    const names = Object.entries(report.vulnerabilities ?? {})
      .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
      .map(([name, entry]) => `${name} (${entry.severity})`);
    return { status: 'failed', message: `${high} high and ${critical} critical advisories: ${names.join(', ')}` };
  }
  return { status: 'ok', message: `production dependencies: ${summary || 'no advisories'}` };
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line && !line.includes('Unknown user config')) ?? '';

export function runAudit(): Promise<AuditOutcome> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), timeout: 60_000, maxBuffer: 16 * 2 ** 20 },
      // npm audit exits non-zero when it finds advisories: judge the report, not the exit code.
      (_error, stdout, stderr) => resolve(judgeAudit(stdout, stderr)),
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outcome = await runAudit();
  if (outcome.status === 'skipped') {
    console.warn(
      `\n!!! WARNING: npm audit SKIPPED: ${outcome.message}.\n!!! Production advisories were NOT checked.\n`,
    );
  } else if (outcome.status === 'failed') {
    console.error(`npm audit FAILED: ${outcome.message}`);
    process.exit(1);
  } else {
    console.log(`npm audit: OK, ${outcome.message}`);
  }
}
