/* global module -- CommonJS: changesets require()s its changelog module. */
/**
 * How `changeset version` writes a change into a package's CHANGELOG.md (no network, no git).
 * A change's text as written, without the hash of the commit that added its change file: that
 * commit is rarely the one that made the change. A package's dependencies on its siblings are one
 * line: the packages move together (one fixed group), so naming each change file again says nothing.
 */
/** @type {import('@changesets/types').ChangelogFunctions} */
module.exports = {
  getReleaseLine: async (changeset) => {
    const [first, ...rest] = changeset.summary.split('\n').map((line) => line.trimEnd());
    return [`- ${first}`, ...rest.map((line) => (line ? `  ${line}` : ''))].join('\n');
  },
  getDependencyReleaseLine: async (_changesets, dependencies) => {
    if (dependencies.length === 0) return '';
    const names = dependencies.map((dependency) => `\`${dependency.name}\``).join(', ');
    return `- Depends on ${names} at ${dependencies[0].newVersion} (the packages share one version).`;
  },
};
