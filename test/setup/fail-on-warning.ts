// A Node warning (deprecation, unhandled rejection hint, max listeners) fails the run: it is a bug
// the user would see. Registered once per worker: test files share a worker (`isolate: false`).
const registered = Symbol.for('agent-track.fail-on-warning');
const state = globalThis as { [registered]?: true };
if (state[registered] === undefined) {
  state[registered] = true;
  process.on('warning', (warning) => {
    throw warning;
  });
}
