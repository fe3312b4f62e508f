/**
 * `npm run bench [name…]`: runs every `bench/<name>.bench.ts` (or those named), each exporting
 * `run(): Promise<string>` that measures side by side in one run and returns a Markdown section,
 * and writes them to docs/BENCHMARKS.md with the machine they ran on. Benchmarks, not tests:
 * nothing here fails on a slow machine.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

interface BenchModule {
  run(): Promise<string>;
}

const wanted = process.argv.slice(2);
const names = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

const sections: string[] = [];
for (const name of names) {
  console.log(`bench: ${name}…`);
  const module = (await import(`./${name}.bench.ts`)) as BenchModule;
  sections.push(await module.run());
}

const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const command = `npm run bench${wanted.length ? ` -- ${wanted.join(' ')}` : ''}`;
const report = `# Benchmarks

Produced by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}. Figures are compared side by side within one run; absolute numbers vary
between runs on these shared machines, ratios much less.

${sections.join('\n\n')}
`;
writeFileSync(new URL('../docs/BENCHMARKS.md', import.meta.url), report);
console.log(report);
