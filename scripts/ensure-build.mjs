// prestart: build the client only when it is missing or older than its sources, so `npm start` works on a
// fresh clone and starts in well under 2 s once built.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'src/client'), path.join(root, 'src/shared'), path.join(root, 'public')];
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const newestSource = Math.max(...sources.filter(fs.existsSync).map(newestMtime), fs.statSync(path.join(root, 'index.html')).mtimeMs);

if (built < newestSource) {
  console.log(built ? 'Client sources changed; rebuilding…' : 'No client build found; building…');
  execSync('npx vite build', { cwd: root, stdio: 'inherit' });
}
