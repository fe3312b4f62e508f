/**
 * Line diffs and a three-way merge on them: how a generator's edit, made on a file in the
 * generator's own style, lands in the product's file without restyling the lines it did not write
 * (style.ts).
 */

/** A changed region: lines [aStart, aEnd) of one text became lines [bStart, bEnd) of the other. */
export interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/**
 * The regions where `b` differs from `a`, from a longest common subsequence of their lines (the
 * common head and tail trimmed first: a generator's edit is a few places in a long file).
 */
export function diffLines(a: readonly string[], b: readonly string[]): Hunk[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
    tail += 1;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  // lengths[i * (m + 1) + j]: the longest common subsequence of a[head + i..] and b[head + j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * (m + 1) + j] =
        a[head + i] === b[head + j]
          ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let open: Hunk | undefined;
  const close = () => {
    if (open) hunks.push(open);
    open = undefined;
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[head + i] === b[head + j]) {
      close();
      i += 1;
      j += 1;
      continue;
    }
    open ??= { aStart: head + i, aEnd: head + i, bStart: head + j, bEnd: head + j };
    if (j < m && (i === n || lengths[i * (m + 1) + j + 1]! >= lengths[(i + 1) * (m + 1) + j]!)) {
      j += 1;
      open.bEnd = head + j;
    } else {
      i += 1;
      open.aEnd = head + i;
    }
  }
  close();
  return hunks;
}

/**
 * A hunk that replaces as many lines as it writes is one hunk per line: a restyled line next to a
 * line a generator wrote is then a change of its own, kept apart from the generator's.
 */
function perLine(hunks: Hunk[]): Hunk[] {
  return hunks.flatMap((hunk) =>
    hunk.aEnd - hunk.aStart === hunk.bEnd - hunk.bStart && hunk.aEnd - hunk.aStart > 1
      ? Array.from({ length: hunk.aEnd - hunk.aStart }, (_, k) => ({
          aStart: hunk.aStart + k,
          aEnd: hunk.aStart + k + 1,
          bStart: hunk.bStart + k,
          bEnd: hunk.bStart + k + 1,
        }))
      : [hunk],
  );
}

/** Two changes of the same base touch the same lines (an insertion only where the other changes lines around it, or inserts too). */
function overlap(x: Hunk, y: Hunk): boolean {
  if (x.aStart === x.aEnd && y.aStart === y.aEnd) return x.aStart === y.aStart;
  if (x.aStart === x.aEnd) return y.aStart < x.aStart && x.aStart < y.aEnd;
  if (y.aStart === y.aEnd) return x.aStart < y.aStart && y.aStart < x.aEnd;
  return x.aStart < y.aEnd && y.aStart < x.aEnd;
}

/**
 * Three-way merge of line lists: `theirs` and `ours` both derive from `base`. A region only one
 * side changed takes that side's lines; a region both changed takes `theirs`. Here `theirs` is the
 * generator's edit and `ours` the product's file as it is: each line the generator left is the
 * product's own, byte for byte, and each line it wrote is the generator's.
 */
export function mergeLines(base: readonly string[], ours: readonly string[], theirs: readonly string[]): string[] {
  const changes = [
    ...perLine(diffLines(base, ours)).map((hunk) => ({ hunk, side: 'ours' as const })),
    ...perLine(diffLines(base, theirs)).map((hunk) => ({ hunk, side: 'theirs' as const })),
  ].sort((x, y) => x.hunk.aStart - y.hunk.aStart || x.hunk.aEnd - y.hunk.aEnd);
  const result: string[] = [];
  let at = 0;
  for (let k = 0; k < changes.length;) {
    // A group: changes that overlap one another, transitively.
    const group = [changes[k]!];
    let start = changes[k]!.hunk.aStart;
    let end = changes[k]!.hunk.aEnd;
    k += 1;
    while (k < changes.length && group.some((member) => overlap(member.hunk, changes[k]!.hunk))) {
      start = Math.min(start, changes[k]!.hunk.aStart);
      end = Math.max(end, changes[k]!.hunk.aEnd);
      group.push(changes[k]!);
      k += 1;
    }
    result.push(...base.slice(at, start));
    const winner = group.some((member) => member.side === 'theirs') ? 'theirs' : 'ours';
    const lines = winner === 'theirs' ? theirs : ours;
    // That side's text of base[start, end): its hunks applied, the base lines between them kept.
    let cursor = start;
    for (const { hunk } of group.filter((member) => member.side === winner)) {
      result.push(...base.slice(cursor, hunk.aStart), ...lines.slice(hunk.bStart, hunk.bEnd));
      cursor = hunk.aEnd;
    }
    result.push(...base.slice(cursor, end));
    at = end;
  }
  result.push(...base.slice(at));
  return result;
}
