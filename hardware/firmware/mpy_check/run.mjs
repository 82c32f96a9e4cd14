// Runs check.py under real MicroPython (the WebAssembly port from npm) with the firmware files.
// Setup once: npm install --prefix DIR @micropython/micropython-webassembly-pyscript
// Run:        NODE_PATH=DIR/node_modules node run.mjs   (tests/firmware_bridge does this when
//             BGREF_MPY_NODE_MODULES=DIR/node_modules is set)
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { fileURLToPath, pathToFileURL } from 'url';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.env.BGREF_MPY_NODE_MODULES || process.env.NODE_PATH;
const require = createRequire(path.join(modules, 'noop.js'));
const entry = require.resolve('@micropython/micropython-webassembly-pyscript');
const { loadMicroPython } = await import(pathToFileURL(entry).href);
const mp = await loadMicroPython({ stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
for (const f of ['protocol.py', 'layout.py', 'bgref_display.py', 'lcd_i2c.py', 'max7219.py']) {
  mp.FS.writeFile('/' + f, fs.readFileSync(path.join(here, '..', f)));
}
try {
  mp.runPython(fs.readFileSync(path.join(here, 'check.py'), 'utf8'));
} catch (e) {
  console.error('ERROR', e.message || e);
  process.exit(1);
}
