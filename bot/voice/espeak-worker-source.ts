/**
 * Source of the worker thread that runs eSpeak-NG's WebAssembly build.
 *
 * Why a worker, and why its source is a string:
 * - the `espeak-ng` package is ESM-only; a worker started with `eval: true` is plain Node, so
 *   its dynamic `import()` works the same under Jest (CommonJS, own module system), tsx and the
 *   compiled `node dist/...` build, and nest build has no extra file to copy;
 * - synthesis is ~100 ms of CPU: off the main thread it does not stall webhooks and timers.
 *
 * The 18 MB module is compiled once; each request instantiates it afresh because the
 * Emscripten build runs espeak-ng's `main` (the CLI) exactly once per instance.
 * Requests run one after another to keep memory at one 32 MB instance at a time.
 */
export const ESPEAK_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');

let ready;
function load() {
  if (!ready) {
    ready = (async () => {
      const mod = await import(workerData.entryUrl);
      const compiled = await WebAssembly.compile(readFileSync(workerData.wasmPath));
      return { factory: mod.default, compiled };
    })();
  }
  return ready;
}

async function synthesize(request) {
  const { factory, compiled } = await load();
  const started = performance.now();
  const errors = [];
  const args = ['-v', request.voice, '-s', String(request.rate), '-w', '/out.wav', '--', request.text];
  const instance = await factory({
    arguments: args,
    print: () => {},
    printErr: (line) => { if (!/keepRuntimeAlive|program exited/.test(line)) errors.push(line); },
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((inst) => receive(inst), (e) => errors.push(String(e)));
      return {};
    },
  });
  let wav;
  try {
    wav = instance.FS.readFile('/out.wav');
  } catch (e) {
    throw new Error('eSpeak-NG wrote no audio' + (errors.length ? ': ' + errors.join(' ') : ''));
  }
  return { wav, ms: performance.now() - started };
}

let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      const { wav, ms } = await synthesize(request);
      const copy = new Uint8Array(wav);
      parentPort.postMessage({ id: request.id, ok: true, wav: copy, ms }, [copy.buffer]);
    } catch (e) {
      parentPort.postMessage({ id: request.id, ok: false, error: String((e && e.message) || e) });
    }
  });
});
`;
