import type { CDPSession } from 'playwright-core';

/**
 * A V8 heap snapshot (the JSON of CDP's HeapProfiler or node:v8) grouped by kind of object: a plain
 * object or array by its property names (`Object {guard,actions}`), a closure by its function's
 * name, anything else by V8's node type and name. Self sizes, summed per group.
 */
export type Groups = Map<string, { count: number; size: number }>;

/** A heap snapshot of the page behind `cdp`, as CDP writes it (JSON text). */
export async function takeHeapSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return chunks.join('');
}

/**
 * What changed from `before` to `after`: the total of self sizes, and each group (in either) that
 * changed by at least `minBytes`, largest growth first.
 */
export function diffGroups(before: Groups, after: Groups, minBytes: number) {
  const total = (groups: Groups) => [...groups.values()].reduce((sum, group) => sum + group.size, 0);
  const rows = [...new Set([...before.keys(), ...after.keys()])]
    .map((key) => ({
      key,
      size: (after.get(key)?.size ?? 0) - (before.get(key)?.size ?? 0),
      count: (after.get(key)?.count ?? 0) - (before.get(key)?.count ?? 0),
    }))
    .filter((row) => Math.abs(row.size) >= minBytes)
    .sort((a, b) => b.size - a.size);
  return { total: total(after) - total(before), rows };
}

export interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export function groupSnapshot(snap: Snapshot): Groups {
  const groups: Groups = new Map();
  const keys = groupKeys(snap);
  const F = snap.snapshot.meta.node_fields.length;
  const iSize = snap.snapshot.meta.node_fields.indexOf('self_size');
  keys.forEach((key, n) => {
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count++;
    group.size += snap.nodes[n * F + iSize] as number;
    groups.set(key, group);
  });
  return groups;
}

function groupKeys(snap: Snapshot): string[] {
  const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
  const types = node_types[0];
  const edgeTypes = edge_types[0];
  const F = node_fields.length;
  const EF = edge_fields.length;
  const [iType, iName, iEdges] = ['type', 'name', 'edge_count'].map((f) => node_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const [eType, eName] = ['type', 'name_or_index'].map((f) => edge_fields.indexOf(f)) as [number, number];
  const out: string[] = [];
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += F) {
    const type = types[snap.nodes[i + iType] as number] as string;
    const name = snap.strings[snap.nodes[i + iName] as number] as string;
    const edgeCount = snap.nodes[i + iEdges] as number;
    let key: string;
    if (type === 'object' && (name === 'Object' || name === 'Array')) {
      const keys = new Set<string>();
      for (let e = edge; e < edge + edgeCount * EF; e += EF) {
        const kind = edgeTypes[snap.edges[e + eType] as number];
        if (kind === 'property') keys.add(snap.strings[snap.edges[e + eName] as number] as string);
        else if (kind === 'element') keys.add('[]');
      }
      keys.delete('__proto__');
      key = `${name} {${[...keys].sort().join(',')}}`;
    } else if (type === 'closure') key = `closure ${name || '(anonymous)'}`;
    else if (type === 'object' || type === 'native') key = name;
    else if (type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number')
      key = type;
    else key = `${type} ${name.slice(0, 50)}`;
    edge += edgeCount * EF;
    out.push(key);
  }
  return out;
}

/** Who holds the objects of one group: `parent group .edge` → count, for finding what a group is. */
export function holdersOf(snap: Snapshot, wanted: string): Map<string, number> {
  const { node_fields, edge_fields, edge_types } = snap.snapshot.meta;
  const F = node_fields.length;
  const EF = edge_fields.length;
  const edgeTypes = edge_types[0];
  const keyOf = groupKeys(snap);
  const iEdges = node_fields.indexOf('edge_count');
  const iSize = node_fields.indexOf('self_size');
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const found = new Map<string, number>();
  let edge = 0;
  for (let n = 0; n * F < snap.nodes.length; n++) {
    const count = snap.nodes[n * F + iEdges] as number;
    for (let e = edge; e < edge + count * EF; e += EF) {
      const child = (snap.edges[e + eTo] as number) / F;
      if (keyOf[child] !== wanted) continue;
      const kind = edgeTypes[snap.edges[e + eType] as number] as string;
      const label =
        kind === 'element' || kind === 'hidden' ? `[${kind}]` : snap.strings[snap.edges[e + eName] as number];
      const key = `${process.env.HEAP_HOLDER_SIZES ? `${snap.nodes[child * F + iSize]} B <- ` : ''}${keyOf[n]} .${label}`;
      found.set(key, (found.get(key) ?? 0) + 1);
    }
    edge += count * EF;
  }
  return found;
}

/**
 * The compiled code each function holds (a closure's `code` edge to a V8 `Code` object), by the
 * code's node id: its size with the code objects it points to (instructions, deoptimization data,
 * source positions). The function's name is the closure's: build unminified to read it.
 */
function codeOfFunctions(snap: Snapshot): Map<number, { name: string; size: number }> {
  const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
  const types = node_types[0];
  const edgeTypes = edge_types[0];
  const F = node_fields.length;
  const EF = edge_fields.length;
  const [iType, iName, iId, iSize, iEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) =>
    node_fields.indexOf(f),
  ) as [number, number, number, number, number];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const firstEdge: number[] = [];
  for (let n = 0, edge = 0; n * F < snap.nodes.length; n++) {
    firstEdge.push(edge);
    edge += (snap.nodes[n * F + iEdges] as number) * EF;
  }
  const typeOf = (n: number) => types[snap.nodes[n * F + iType] as number];
  const found = new Map<number, { name: string; size: number }>();
  for (let n = 0; n * F < snap.nodes.length; n++) {
    if (typeOf(n) !== 'closure') continue;
    const end = (firstEdge[n] as number) + (snap.nodes[n * F + iEdges] as number) * EF;
    for (let e = firstEdge[n] as number; e < end; e += EF) {
      if (edgeTypes[snap.edges[e + eType] as number] === 'hidden') continue;
      if (snap.strings[snap.edges[e + eName] as number] !== 'code') continue;
      const code = (snap.edges[e + eTo] as number) / F;
      const id = snap.nodes[code * F + iId] as number;
      if (typeOf(code) !== 'code' || found.has(id)) continue;
      // Builtins (a function not optimized runs the interpreter's entry) are shared, not its own.
      if (!(snap.strings[snap.nodes[code * F + iName] as number] as string).endsWith('/ Code')) continue;
      let size = snap.nodes[code * F + iSize] as number;
      const codeEnd = (firstEdge[code] as number) + (snap.nodes[code * F + iEdges] as number) * EF;
      for (let c = firstEdge[code] as number; c < codeEnd; c += EF) {
        const part = (snap.edges[c + eTo] as number) / F;
        if (typeOf(part) === 'code') size += snap.nodes[part * F + iSize] as number;
      }
      found.set(id, { name: (snap.strings[snap.nodes[n * F + iName] as number] as string) || '(anonymous)', size });
    }
  }
  return found;
}

/**
 * The code compiled between two snapshots of one page, by the function holding it: what V8's
 * optimizing tiers added (warm-up, bounded by the functions a navigation runs) as against objects kept.
 */
export function newCodeByFunction(before: Snapshot, after: Snapshot): Groups {
  const old = codeOfFunctions(before);
  const groups: Groups = new Map();
  for (const [id, { name, size }] of codeOfFunctions(after)) {
    if (old.has(id)) continue;
    const group = groups.get(name) ?? { count: 0, size: 0 };
    group.count++;
    group.size += size;
    groups.set(name, group);
  }
  return groups;
}
