import { relative, sep } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = '\0statechart-dependency-url:';

/**
 * `import url from 'pkg/file.js?url'` inside an installed package, in `npm start`.
 *
 * Vite pre-bundles what a product imports from node_modules (its dependency optimizer, rolldown),
 * and that bundler knows no `?url`: a package shipping such an import (the inspector's ELK worker)
 * stopped the dev server with `[UNLOADABLE_DEPENDENCY] Could not load …?url`. Inside this
 * repository the packages are workspace links, which Vite does not pre-bundle, so only a product
 * installed from the packages met it. Excluding the package from pre-bundling is no way out: its
 * CommonJS dependencies (react-dom/client) are then served unbundled and break in the page.
 *
 * This plugin, run by the optimizer only, answers such an import with the URL the dev server
 * serves the file at (what Vite's own asset plugin answers outside pre-bundling): the file inside
 * the project's root by its path, anything else by `/@fs/`. Builds never pre-bundle, and Vite's
 * asset plugin emits the file there.
 */
export function dependencyUrls(root: () => string, base: () => string): Plugin {
  return {
    name: 'statechart-dependency-urls',
    async resolveId(source, importer) {
      if (!source.endsWith('?url')) return null;
      const resolved = await this.resolve(source.slice(0, -'?url'.length), importer, { skipSelf: true });
      if (!resolved || resolved.external) return null;
      return PREFIX + resolved.id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `export default ${JSON.stringify(devUrl(id.slice(PREFIX.length), root(), base()))};`;
    },
  };
}

/** The URL Vite's dev server serves a file at: by its path below the root, else under `/@fs/`. */
export function devUrl(file: string, root: string, base: string): string {
  const inside = relative(root, file);
  const path =
    inside && !inside.startsWith('..') && !/^[a-zA-Z]:/.test(inside)
      ? inside.split(sep).join('/')
      : `@fs/${file.split(sep).join('/').replace(/^\//, '')}`;
  return `${base.endsWith('/') ? base : `${base}/`}${path}`;
}
