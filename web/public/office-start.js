// The office app's first calls, asked for while its scripts still load, so the answers are on their
// way before the app's code runs (docs/performance.md, "The first screen"). The paths are the ones
// web/src/app/early-calls.ts starts; the app takes each from here once. When the app's code ran
// first, it has started them itself and set officeStart already.
if (!('officeStart' in window)) {
  const get = (path) => {
    const response = fetch(`/api${path}`, { credentials: 'same-origin', headers: { 'X-Requested-With': 'fetch' } });
    // A failure (no signal) is seen by the call that takes it.
    response.catch(() => {});
    return response;
  };
  const calls = { '/auth/state': get('/auth/state'), '/config': get('/config') };
  const [screen = '', search = ''] = location.hash.replace(/^#/, '').split('?');
  const asked = new URLSearchParams(search);
  const month = Number(asked.get('month'));
  const year = Number(asked.get('year'));
  if (screen === '/dashboard' && month && year) {
    const path = `/dashboard?${new URLSearchParams({ month: String(month), year: String(year) })}`;
    calls[path] = get(path);
  }
  window.officeStart = { at: Date.now(), calls };
}
