import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertCovered, type CoverageReport, type Level } from './coverage';
import { emptySeen, type Seen } from './graph';
import { coverageOf, type PathSuite } from './suite';

/** Where the shards of a split run record what their walks saw, unless told another directory. */
export const RECORDS_DIR = 'test-results/paths/records';

/** One shard (or part) of a split run: the `index`th of `count`, from 1, as `--shard=i/n` names it. */
export interface Shard {
  index: number;
  count: number;
}

/** What one walk of one shard did: the merge step's input. One file each, so workers never share one. */
export interface WalkRecord {
  machine: string;
  level: Level;
  shard: Shard;
  /**
   * What the shard is: Playwright's own `--shard=i/n` (`shard`), or a Vitest part file (`part`),
   * which Vitest's `--shard` runs on one machine or another, as it shards by file.
   */
  by?: 'shard' | 'part';
  /** The walk's position in its suite (from 0) and its description, to tell a stale record. */
  walk: number;
  description: string;
  passed: boolean;
  /** The failure's message, when it failed. */
  error?: string;
  seen: { states: string[]; transitions: string[]; histories: string[] };
}

const fileName = (machine: string, level: Level, shard: Shard, walk: number) =>
  `${machine}.${level}.shard-${shard.index}-of-${shard.count}.walk-${walk}.json`;

/** Writes one walk's record (aside then renamed: a merge never reads half a file). */
export function recordWalk(dir: string, record: Omit<WalkRecord, 'seen'> & { seen: Seen }): void {
  mkdirSync(dir, { recursive: true });
  const data: WalkRecord = {
    ...record,
    seen: {
      states: [...record.seen.states],
      transitions: [...record.seen.transitions],
      histories: [...record.seen.histories],
    },
  };
  const file = join(dir, fileName(record.machine, record.level, record.shard, record.walk));
  writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(`${file}.${process.pid}`, file);
}

function readRecords(dir: string): WalkRecord[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => /\.shard-\d+-of-\d+\.walk-\d+\.json$/.test(file))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as WalkRecord);
}

const shardName = (shard: Shard, by: WalkRecord['by'] = 'shard') => `${by} ${shard.index}/${shard.count}`;

/**
 * The merge step of a split run: the coverage of what every shard's walks saw, judged as one
 * run's. Throws, naming the shard, when a shard left no record (it failed before its walks or
 * never ran), when a walk failed in one, or when a walk of the suite has no record at all: a
 * missing shard never passes. Then the coverage gate on the union.
 */
export function judgeRecords(suite: PathSuite, dir = RECORDS_DIR): CoverageReport {
  const { name } = suite.spec;
  // Which shards ran is read from every record of this level in the directory (each level is
  // split on its own): a shard may hold none of this spec's walks, and one that left nothing is
  // named by the others' count.
  const all = readRecords(dir).filter((record) => record.level === suite.level);
  const records = all.filter((record) => record.machine === name && record.level === suite.level);
  const where = `path records in ${dir}`;
  if (all.length === 0) {
    throw new Error(
      `No shard left ${where}: run every shard first (with the same records directory), then this merge step`,
    );
  }
  const counts = [...new Set(all.map((record) => record.shard.count))];
  if (counts.length > 1) {
    throw new Error(
      `The records of ${where} come from runs split ${counts.join(' and ')} ways: clear the directory and run every shard of one split`,
    );
  }
  const count = counts[0] as number;
  const by = records.find((record) => record.by)?.by ?? all.find((record) => record.by)?.by;
  const problems: string[] = [];
  const recorded = new Set(all.map((record) => record.shard.index));
  const silent = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !recorded.has(index));
  const total = suite.walks.length;
  for (const record of records) {
    const walk = suite.walks[record.walk];
    if (!walk || walk.description !== record.description) {
      problems.push(
        `${shardName(record.shard, record.by)} recorded a walk this suite does not have (${record.description}): the machine or spec changed since; clear ${dir} and run every shard again`,
      );
    }
  }
  const seen = emptySeen();
  const unrecorded: number[] = [];
  for (const [i, walk] of suite.walks.entries()) {
    const mine = records.filter((record) => record.walk === i && record.description === walk.description);
    const passed = mine.find((record) => record.passed);
    if (passed) {
      for (const key of passed.seen.states) seen.states.add(key);
      for (const key of passed.seen.transitions) seen.transitions.add(key);
      for (const key of passed.seen.histories) seen.histories.add(key);
      continue;
    }
    const failed = mine.find((record) => !record.passed);
    if (failed) {
      const first = (failed.error ?? 'failed').split('\n')[0];
      problems.push(
        `${shardName(failed.shard)}: walk ${i + 1} of ${total} failed (${first}): fix the failing walk first`,
      );
    } else {
      unrecorded.push(i + 1);
    }
  }
  // A shard with none of this spec's walks records nothing: only walks left without a record
  // make a silent shard a problem, and then it is named.
  if (unrecorded.length) {
    const walks = `walk${unrecorded.length === 1 ? '' : 's'} ${unrecorded.join(', ')} of ${total} ha${unrecorded.length === 1 ? 's' : 've'} no record`;
    problems.push(
      silent.length
        ? `${silent.map((index) => shardName({ index, count }, by)).join(', ')} left no record (${walks}): it failed before its walks or never ran; run it (the coverage of its walks is unknown, so the gate cannot pass)`
        : `${walks} although every shard recorded some: the shard that had it stopped before it; run every shard again`,
    );
  }
  if (problems.length) {
    throw new Error(
      `Path coverage of ${name} at ${suite.level} level is not judged, from ${records.length} of its walk records in ${dir} (split ${count} ways):\n  ${problems.join('\n  ')}`,
    );
  }
  const report = coverageOf(suite, seen);
  assertCovered(report);
  return report;
}

/** The `position`th walk (from 0) belongs to part `index` of `count` (from 1): every count-th, so parts are alike in size. */
export const inPart = (position: number, part: Shard) => position % part.count === part.index - 1;
