// The Chakra theme's generated types (generated/theme-types/): `npm run theme:types` regenerates them from
// src/client/system.ts with @chakra-ui/cli's typegen and installs them; `postinstall` installs the committed ones.
//
// Chakra's own types import them from node_modules/@chakra-ui/react/dist/types/styled-system/generated/ by relative
// paths, so that is where TypeScript must find them. With the theme's `strictTokens`, they make the typecheck refuse
// a style value that names no token (the browser would drop it). Each file there is removed before it is written:
// node_modules may be a hard-linked copy of another checkout's, whose files must not change with this one's.
//
//   node scripts/theme-types.mjs generate   typegen into generated/theme-types/, then install
//   node scripts/theme-types.mjs install    copy generated/theme-types/*.d.ts into Chakra's generated/ folder
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const committed = path.join(root, 'generated/theme-types');
const target = path.join(root, 'node_modules/@chakra-ui/react/dist/types/styled-system/generated');

if (process.argv[2] === 'generate') {
  fs.rmSync(committed, { recursive: true, force: true });
  execFileSync(path.join(root, 'node_modules/.bin/chakra'), ['typegen', 'src/client/system.ts', '--outdir', committed], { cwd: root, stdio: 'inherit' });
  allowPlainCss();
}
/**
 * Chakra's `strictTokens` types take a property with tokens (colour, spacing, z-index…) to tokens only, and offer
 * `[value]` for anything else, but Chakra 3 writes that `[value]` into the CSS as it is (chakra-ui/chakra-ui#10022),
 * so '1px', 'calc(…)' or 'pointer' would have no spelling that works. The generated types are widened here to what
 * cannot be a misspelt token: numbers, a number with a unit, a value with a space or a parenthesis, a hex colour and
 * the property's own CSS keywords. A dotted or camel-case name that is not a token ('whiteAlpha.850', 'skipLink')
 * and a bare word that is not a keyword of the property ('px' for a gap) are still refused.
 */
function allowPlainCss() {
  const propTypes = path.join(committed, 'prop-types.gen.d.ts');
  const hatch = 'export type WithEscapeHatch<T> = T | `[${string}]` | WithColorOpacityModifier<T> | WithImportant<T>';
  const types = fs.readFileSync(propTypes, 'utf8');
  if (!types.includes(hatch)) throw new Error(`theme-types: ${path.relative(root, propTypes)} no longer declares WithEscapeHatch as expected`);
  fs.writeFileSync(
    propTypes,
    `import type { Properties } from "csstype"\n${types}`.replace(
      hatch,
      `${hatch}
// Added by scripts/theme-types.mjs: plain CSS that cannot be a misspelt token.
type Unit = "px" | "rem" | "em" | "%" | "vh" | "vw" | "dvh" | "dvw" | "svh" | "svw" | "vmin" | "vmax" | "ch" | "ex" | "fr" | "deg" | "s" | "ms"
type Literal<V> = V extends string ? (string extends V ? never : V) : never
type CssKeyword<P> = P extends keyof Properties ? Literal<Exclude<Properties[P], undefined>> : never
export type PlainCss<P> = number | \`\${number}\` | \`\${number}\${Unit}\` | \`\${string} \${string}\` | \`\${string}(\${string}\` | \`#\${string}\` | "currentColor" | \`currentColor/\${number}\` | CssKeyword<P>`,
    ),
  );
  const systemTypes = path.join(committed, 'system.gen.d.ts');
  const line = /^( {2}\w+\?: ConditionalValue<WithEscapeHatch<UtilityValues\["(\w+)"\] \| CssVars \| undefined>)>/gm;
  const system = fs.readFileSync(systemTypes, 'utf8');
  const widened = system.replace(line, '$1 | PlainCss<"$2">>');
  if (widened === system) throw new Error(`theme-types: no token property found in ${path.relative(root, systemTypes)}`);
  fs.writeFileSync(systemTypes, widened.replace('import type { UtilityValues, WithEscapeHatch }', 'import type { PlainCss, UtilityValues, WithEscapeHatch }'));
}

if (!fs.existsSync(target)) {
  // No Chakra installed (yet): nothing to install into.
  process.exit(0);
}
for (const file of fs.readdirSync(committed).filter((f) => f.endsWith('.d.ts'))) {
  const to = path.join(target, file);
  fs.rmSync(to, { force: true });
  fs.copyFileSync(path.join(committed, file), to);
}
console.log(`Chakra theme types installed from ${path.relative(root, committed)}`);
