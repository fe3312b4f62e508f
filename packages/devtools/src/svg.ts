import { actorLines, routeLine, type Scene, type SceneState } from './layout';
import { FONT_SIZE, LINE } from './units';

/**
 * The look of the diagram, shared by the exported SVG (embedded) and the overlay (same classes):
 * compound states are shaded boxes holding their children, parallel regions have dashed borders,
 * initial states get a dot and an arrow, route paths are green, active states blue.
 */
export const DIAGRAM_CSS = `
.sc-diagram { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace; font-size: ${FONT_SIZE}px; }
.sc-bg { fill: #ffffff; }
.sc-state { fill: #ffffff; stroke: #6b7280; stroke-width: 1.2; }
.sc-compound > .sc-state { fill: #f5f6f8; }
.sc-parallel > .sc-state { fill: #eef1f5; }
.sc-region > .sc-state { stroke-dasharray: 6 4; fill: #fbfbfc; }
.sc-final > .sc-state { stroke-width: 3; }
.sc-title { font-weight: 700; fill: #111827; }
.sc-path { fill: #0a6b3d; }
.sc-row { fill: #374151; }
.sc-edge { fill: none; stroke: #4b5563; stroke-width: 1.3; }
.sc-edge-always { stroke-dasharray: 4 3; }
.sc-edge-route { stroke: #0a6b3d; stroke-dasharray: 2 3; }
.sc-invoke { fill: #6b3d0a; }
.sc-label-bg { fill: #ffffff; stroke: #d1d5db; }
.sc-label { fill: #1f2937; }
.sc-initial { fill: #111827; stroke: #111827; }
.sc-arrow { fill: #4b5563; }
.sc-anchor { fill: #ffffff; stroke: #4b5563; stroke-width: 1.5; }
.sc-active > .sc-state { stroke: #1d4ed8; stroke-width: 2.5; fill: #e6efff; }
.sc-active.sc-compound > .sc-state, .sc-active.sc-parallel > .sc-state { fill: #f0f5ff; }
.sc-enabled .sc-label-bg, .sc-row-enabled .sc-row-bg { fill: #fff7d6; stroke: #b45309; }
.sc-enabled .sc-edge { stroke: #b45309; stroke-width: 2; }
.sc-row-bg { fill: transparent; stroke: none; }
`;

export const ARROW_ID = 'sc-arrow';

export function stateClass(state: SceneState, active = false): string {
  return [
    'sc-node',
    `sc-${state.state.kind}`,
    state.state.region ? 'sc-region' : '',
    state.state.routable ? 'sc-routable' : '',
    active ? 'sc-active' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function edgeClass(kind: string): string {
  return kind === 'always' ? 'sc-edge sc-edge-always' : kind === 'route' ? 'sc-edge sc-edge-route' : 'sc-edge';
}

/** `M x y L x y …` */
export function pathData(points: { x: number; y: number }[]): string {
  return points.map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

/** Baselines of a state's lines, from its top. */
export const titleBaseline = (state: SceneState) => state.y + 10 + LINE - 5;
export const pathBaseline = (state: SceneState) => titleBaseline(state) + LINE;
export const rowBaseline = (rowY: number) => rowY + LINE - 5;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A standalone SVG document of the scene (no script, no external resources). */
export function renderSvg(scene: Scene, title: string): string {
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="sc-diagram" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}" role="img" aria-labelledby="sc-title">`,
    `<title id="sc-title">${escape(title)}</title>`,
    `<style>${DIAGRAM_CSS}</style>`,
    `<defs><marker id="${ARROW_ID}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path class="sc-arrow" d="M0 0 L10 5 L0 10 z"/></marker></defs>`,
    `<rect class="sc-bg" width="${scene.width}" height="${scene.height}"/>`,
  );
  for (const state of scene.states) {
    out.push(`<g class="${stateClass(state)}" data-state="${escape(state.id)}">`);
    out.push(
      `<rect class="sc-state" x="${state.x}" y="${state.y}" width="${state.width}" height="${state.height}" rx="8"/>`,
    );
    out.push(`<text class="sc-title" x="${state.x + 10}" y="${titleBaseline(state)}">${escape(state.title)}</text>`);
    if (state.path) {
      out.push(
        `<text class="sc-path" x="${state.x + 10}" y="${pathBaseline(state)}">${escape(routeLine(state.path))}</text>`,
      );
    }
    actorLines(state.state).forEach((line, index) => {
      const y = pathBaseline(state) + (state.path ? LINE : 0) + index * LINE;
      out.push(`<text class="sc-invoke" x="${state.x + 10}" y="${y}">${escape(line)}</text>`);
    });
    for (const row of state.rows) {
      out.push(`<text class="sc-row" x="${row.x}" y="${rowBaseline(row.y)}">${escape(row.text)}</text>`);
    }
    out.push('</g>');
  }
  for (const initial of scene.initials) {
    out.push(
      `<g data-initial="${escape(initial.parent)}"><circle class="sc-initial" cx="${initial.cx}" cy="${initial.cy}" r="5"/>`,
      `<path class="sc-edge" d="${pathData(initial.points)}" marker-end="url(#${ARROW_ID})"/></g>`,
    );
  }
  for (const anchor of scene.anchors) {
    out.push(
      `<circle class="sc-anchor" data-anchor="${escape(anchor.state)}" cx="${anchor.cx}" cy="${anchor.cy}" r="5"/>`,
    );
  }
  for (const edge of scene.edges) {
    out.push(`<g data-transition="${escape(edge.transition.id)}">`);
    out.push(
      `<path class="${edgeClass(edge.transition.kind)}" d="${pathData(edge.points)}" marker-end="url(#${ARROW_ID})"/>`,
    );
    if (edge.label) {
      const { x, y, width, height, text } = edge.label;
      out.push(
        `<rect class="sc-label-bg" x="${x}" y="${y}" width="${width}" height="${height}" rx="3"/>`,
        `<text class="sc-label" x="${x + 4}" y="${y + height - 4}">${escape(text)}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
