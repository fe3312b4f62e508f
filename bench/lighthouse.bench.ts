/**
 * Lighthouse on the built product app (scripts/lighthouse.ts; also `npm run lighthouse`, which
 * fails below the target): performance, accessibility, best practices, SEO. Target 100 in each.
 */
import { CATEGORIES, runLighthouse } from '../scripts/lighthouse';

export async function run(): Promise<string> {
  const runs = await runLighthouse(['/', '/no/such/page']);
  const rows = runs.map(
    (r) =>
      `| \`${r.url}\` | ${r.preset} | ${CATEGORIES.map((id) => r.scores[id]).join(' | ')} | ${Math.round(r.fcpMs)} ms |`,
  );
  const shortfalls = runs.flatMap((r) => r.shortfalls.map((s) => `- \`${r.url}\` (${r.preset}): ${s}`));
  const mobilePerf = runs.filter((r) => r.preset === 'mobile').map((r) => r.scores.performance);
  return `## Lighthouse

Lighthouse 12 (npm), offline, Debian's Chromium headless, on the built product served by \`vite preview\`;
\`mobile\` is Lighthouse's default (simulated slow 4G, 4× CPU slowdown), \`desktop\` its desktop preset.

| URL | preset | performance | accessibility | best practices | SEO | FCP (simulated) |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

${shortfalls.length ? `Audits below a full score:\n${shortfalls.join('\n')}` : 'Every scored audit passes.'}

Target 100 in each: accessibility, best practices and SEO are gated at 100 in both presets
(\`npm run lighthouse\`, run by CI, fails otherwise); performance is a timing on a shared machine, so it
is recorded here, not gated. Mobile performance scored
${mobilePerf.join(' and ')}${Math.min(...mobilePerf) < 100 ? `: **missed by up to ${100 - Math.min(...mobilePerf)}**` : ''}. Why: the page has no content until its
initial JS ("Bundle": most of it the stack floor, react, react-dom, xstate and @xstate/react) has
downloaded and run, which simulated slow 4G makes the first paint above. Only less JS before the
first paint (prerendered HTML, or a smaller stack) would close it.`;
}
