#!/usr/bin/env node
/**
 * `npm create statechart-app my-app` (or `npx create-statechart-app my-app`): writes a new product
 * in ./my-app from this package's template, depending on the framework at this package's version
 * (the framework's packages are versioned together). Never overwrites: the folder must be new or
 * empty. Plain Node, no dependencies: it runs before anything is installed.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// Assembled at pack time from the framework repository's own product (its scripts/template.ts).
const template = join(here, '..', 'dist', 'template');
const { version } = JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8'));

const usage = 'Usage: npm create statechart-app <folder>   (or: npx create-statechart-app <folder>)';
const [target, ...rest] = process.argv.slice(2);
if (!target || target.startsWith('-') || rest.length) {
  console.error(target === '--help' || target === '-h' ? usage : `${usage}\nGive exactly one folder to create.`);
  process.exit(target === '--help' || target === '-h' ? 0 : 1);
}
const dir = resolve(target);
if (!existsSync(join(template, 'package.json'))) {
  console.error(
    `${template} is missing: this copy of create-statechart-app has no template (in the framework's repository, run npm run build:packages first).`,
  );
  process.exit(1);
}
if (existsSync(dir) && readdirSync(dir).length > 0) {
  console.error(`${dir} is not empty: give a new folder (create-statechart-app never overwrites files).`);
  process.exit(1);
}
// npm's package name rules: lower case, no spaces; the folder's name made to fit.
const name =
  basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+/, '') || 'statechart-app';

mkdirSync(dir, { recursive: true });
cpSync(template, dir, { recursive: true });
// npm pack drops or renames some dotfiles (.gitignore becomes .npmignore): the template stores
// them without their dot.
for (const name of ['gitignore', 'prettierignore', 'prettierrc.json', 'ci']) {
  if (existsSync(join(dir, name))) renameSync(join(dir, name), join(dir, `.${name}`));
}

const manifestFile = join(dir, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
manifest.name = name;
for (const field of ['dependencies', 'devDependencies']) {
  for (const dependency of Object.keys(manifest[field] ?? {})) {
    if (dependency.startsWith('@statechart/')) manifest[field][dependency] = version;
  }
}
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);

console.log(`Created ${name} in ${dir}, on the framework ${version}.

  cd ${target}
  npm install && npm start   # the app at http://localhost:5173
  npm test                   # every test of the product
`);
