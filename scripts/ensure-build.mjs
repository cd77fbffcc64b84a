// prestart: build what is missing or older than its sources, so `npm start` works on a fresh clone and, once built,
// starts without compiling anything.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const inRoot = (...parts) => parts.map((p) => path.join(root, p));

const clientBuilt = builtAt(path.join(root, 'dist/client/index.html'));
const clientSources = Math.max(...inRoot('src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts').map(newestMtime));
if (clientBuilt < clientSources) {
  console.log(clientBuilt ? 'Client sources changed; rebuilding…' : 'No client build found; building…');
  execSync('npx vite build', { cwd: root, stdio: 'inherit' });
}

const serverBuilt = builtAt(path.join(root, 'dist/server/main.mjs'));
const serverSources = Math.max(...inRoot('src/server', 'src/shared', 'db', 'package.json').map(newestMtime));
if (serverBuilt < serverSources) {
  console.log(serverBuilt ? 'Server sources changed; rebuilding…' : 'No server build found; building…');
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
}
