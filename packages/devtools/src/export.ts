/**
 * The machine's diagrams written to files (SVG, Mermaid): Node only.
 */
export { EXPORT_DIR, renderExports, staleFiles } from './machineExport';
