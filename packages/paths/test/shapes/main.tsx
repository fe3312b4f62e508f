import { stockStrings as strings, mountApp } from '@statechart/react';
import '@statechart/react/styles.css';
import { minimalSpecs } from './minimalPaths';
import { specViews } from '../../src/specViews';

/**
 * The minimal shape machines as one built app, for the Chromium-level path tests: the first path
 * segment names the machine (`/signIn/…`), which runs under that base path, so one build and one
 * server serve all of them. Views are made from each spec (specViews). Time moves only on the
 * page clock the tests install.
 */
const container = document.getElementById('root');
const name = location.pathname.split('/')[1];
const spec = minimalSpecs.find((candidate) => candidate.name === name);
if (container && spec) {
  void mountApp(container, {
    machine: spec.machine,
    views: specViews(spec),
    strings: { ...strings, productName: spec.productName },
    base: `/${spec.name}/`,
  });
} else if (container) {
  container.textContent = `No minimal machine is named "${name ?? ''}": open /${minimalSpecs.map((s) => s.name).join(', /')}`;
}
