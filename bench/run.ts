/**
 * `npm run bench [name…]`: runs every `bench/<name>.bench.ts` (or those named), each exporting
 * `run(): Promise<string>` that measures side by side in one run and returns a Markdown section,
 * and writes them to docs/BENCHMARKS.md with the machine they ran on. Benchmarks, not tests:
 * nothing here fails on a slow machine.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

interface BenchModule {
  run(): Promise<string>;
}

const wanted = process.argv.slice(2);
/** The order of the report: the benchmarks first, in its numbering; others after, by name. */
const ORDER = ['resolve', 'navigation', 'bundle', 'lighthouse', 'paths'];
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
const all = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const names = all.filter((name) => wanted.length === 0 || wanted.includes(name));

// Each section is kept between markers, so that running some benchmarks keeps the others' last figures.
const file = new URL('../docs/BENCHMARKS.md', import.meta.url);
const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
const kept = (name: string) =>
  new RegExp(`<!-- bench:${name} -->\n([\\s\\S]*?)\n<!-- /bench:${name} -->`).exec(previous)?.[1];
const sections = new Map<string, string>();
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/**
 * Sections this runner does not produce (a
 * section written by hand between `<!-- name -->` markers): kept as they are, after the runner's own.
 */
const others = [...previous.matchAll(/<!-- ((?:bench:)?[\w.-]+) -->\n[\s\S]*?\n<!-- \/\1 -->/g)]
  .filter((match) => !all.includes(match[1]!.replace(/^bench:/, '')))
  .map((match) => match[0]);

/** Writes the report with the sections run so far and the others' last figures: a long run stopped part-way keeps what it measured. */
function write(): string {
  const body = [
    ...all.map((name) => {
      const section = sections.get(name) ?? kept(name);
      return section === undefined ? undefined : `<!-- bench:${name} -->\n${section}\n<!-- /bench:${name} -->`;
    }),
    ...others,
  ]
    .filter(Boolean)
    .join('\n\n');
  const report = `# Benchmarks

Produced by \`npm run bench\` (each section says when it last ran; \`npm run bench -- NAME\` reruns one).
Machine: ${machine}. Figures are compared side by side within one run; absolute numbers vary
between runs on these shared machines, ratios much less.

${body}
`;
  writeFileSync(file, report);
  return report;
}

for (const name of names) {
  console.log(`bench: ${name}…`);
  const module = (await import(`./${name}.bench.ts`)) as BenchModule;
  sections.set(
    name,
    `${(await module.run()).trim()}\n\n_(\`npm run bench -- ${name}\`, ${new Date().toISOString().slice(0, 10)})_`,
  );
  write();
}
console.log(write());
