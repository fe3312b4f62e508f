/**
 * The page a person uses in `npm start` to make calls misbehave by hand: the next call, or every
 * call, to a path is slow, fails with a status, or never answers, until "Back to normal". Served
 * by the development API server at `/__control/` (its own origin, so its requests to the control
 * endpoints are same-origin, which controlAccess.ts admits); the Vite plugin redirects the dev
 * server's `/__control` to it. Node only: no build of the app contains it.
 */

/** The panel's words (framework stock words, not a product's). */
export const controlPanelStrings = {
  title: 'Calls, by hand',
  intro: 'Make the app’s calls misbehave to see its loading and failed states. Rules last until Back to normal.',
  path: 'Path (under /api, or * for every path)',
  method: 'Method',
  anyMethod: 'Any',
  behaviour: 'What happens',
  slow: 'Slow: answered after a delay',
  delayMs: 'Delay (ms)',
  status: 'Fails with a status',
  statusCode: 'Status',
  hang: 'Never answers',
  scope: 'For',
  next: 'The next call',
  every: 'Every call',
  apply: 'Apply',
  normal: 'Back to normal',
  applied: 'Applied:',
  cleared: 'Back to normal: every call answers as its handler says.',
  recent: 'Recent calls',
} as const;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The panel's HTML: a form whose script posts rules to /__control/behave and /__control/normal. */
export function controlPanelPage(): string {
  const s = Object.fromEntries(Object.entries(controlPanelStrings).map(([k, v]) => [k, escape(v)])) as Record<
    keyof typeof controlPanelStrings,
    string
  >;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${s.title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label,fieldset{display:block;margin:.75rem 0}input,select,button{font:inherit}button{margin-inline-end:.5rem}</style>
</head><body><main>
<h1>${s.title}</h1><p>${s.intro}</p>
<form id="rule">
<label>${s.path} <input name="path" value="/api/" required></label>
<label>${s.method} <select name="method"><option value="">${s.anyMethod}</option><option>GET</option><option>POST</option><option>PUT</option><option>PATCH</option><option>DELETE</option></select></label>
<fieldset><legend>${s.behaviour}</legend>
<label><input type="radio" name="kind" value="delay" checked> ${s.slow}</label>
<label>${s.delayMs} <input name="ms" type="number" min="0" max="600000" value="3000"></label>
<label><input type="radio" name="kind" value="status"> ${s.status}</label>
<label>${s.statusCode} <input name="status" type="number" min="200" max="599" value="500"></label>
<label><input type="radio" name="kind" value="hang"> ${s.hang}</label>
</fieldset>
<fieldset><legend>${s.scope}</legend>
<label><input type="radio" name="scope" value="next" checked> ${s.next}</label>
<label><input type="radio" name="scope" value="every"> ${s.every}</label>
</fieldset>
<button type="submit">${s.apply}</button><button type="button" id="normal">${s.normal}</button>
</form>
<p role="status" id="said"></p>
<h2>${s.recent}</h2><ul id="recent"></ul>
</main><script>
const form = document.getElementById('rule');
const said = document.getElementById('said');
const post = async (path, body) => {
  const response = await fetch('/__control/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.message ?? 'HTTP ' + response.status);
};
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const kind = data.get('kind');
  const behaviour = kind === 'delay' ? { kind, ms: Number(data.get('ms')) } : kind === 'status' ? { kind, status: Number(data.get('status')) } : { kind };
  const rule = { path: String(data.get('path')).trim(), behaviour };
  if (data.get('method')) rule.method = data.get('method');
  if (data.get('scope') === 'next') rule.times = 1;
  try { await post('behave', rule); said.textContent = ${JSON.stringify(controlPanelStrings.applied)} + ' ' + JSON.stringify(rule); }
  catch (error) { said.textContent = error.message; }
});
document.getElementById('normal').addEventListener('click', async () => {
  try { await post('normal'); said.textContent = ${JSON.stringify(controlPanelStrings.cleared)}; }
  catch (error) { said.textContent = error.message; }
});
const recent = document.getElementById('recent');
const refresh = async () => {
  const log = await (await fetch('/__control/requests')).json().catch(() => []);
  recent.replaceChildren(...log.slice(-10).reverse().map((r) => Object.assign(document.createElement('li'), {
    textContent: r.method + ' ' + r.path + (r.answered ? '' : r.aborted ? ' (gave up)' : ' (waiting)'),
  })));
};
setInterval(refresh, 1000); refresh();
</script></body></html>`;
}
