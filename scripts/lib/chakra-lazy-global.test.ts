import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyGlobal, stagedCreate } from './chakra-lazy-global';

// What the build step relies on in Chakra's code: a Chakra upgrade that changes any of it fails here (and the build
// fails too), so the step is checked and adapted, not silently lost.
const require = createRequire(import.meta.url);
const esm = path.resolve(path.dirname(require.resolve('@chakra-ui/react')), '../esm');
const systemFile = path.join(esm, 'styled-system/system.js');
const source = fs.readFileSync(systemFile, 'utf8');
// The rewritten module sits next to the original, so its relative imports resolve; removed after the tests.
const rewrittenFile = path.join(esm, 'styled-system/system.lazy-global-test.js');

describe('chakra-lazy-global build step', () => {
  afterAll(() => fs.rmSync(rewrittenFile, { force: true }));

  it('finds the eager build of _global in Chakra’s createSystem and refuses code without it', () => {
    const code = lazyGlobal(source);
    expect(code).not.toContain('const _global =');
    expect(code).toContain('get _global()');
    expect(() => lazyGlobal(source.replace('getTokenCss()];', 'getTokenCss(), x];'))).toThrow(/no longer builds `_global`/);
  });

  it('leaves ChakraProvider as the only reader of _global', () => {
    const readers = (fs.readdirSync(esm, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(esm, f), 'utf8').includes('_global'))
      .map((f) => f.split(path.sep).join('/'))
      .sort();
    expect(readers).toEqual(['styled-system/provider.js', 'styled-system/system.js']);
    expect(fs.readFileSync(path.join(esm, 'styled-system/provider.js'), 'utf8')).toContain('jsx(Global, { styles: sys._global })');
  });

  it('builds the same global styles on first read, and none before', async () => {
    fs.writeFileSync(rewrittenFile, lazyGlobal(source));
    const lazy = (await import(pathToFileURL(rewrittenFile).href)) as typeof import('@chakra-ui/react');
    const eager = (await import(pathToFileURL(systemFile).href)) as typeof import('@chakra-ui/react');
    const { defaultConfig } = await import('@chakra-ui/react');
    const sys = lazy.createSystem(defaultConfig);
    const descriptor = Object.getOwnPropertyDescriptor(sys, '_global');
    expect(descriptor?.get).toBeTypeOf('function');
    expect(sys._global).toEqual(eager.createSystem(defaultConfig)._global);
    expect(sys._global).toBe(sys._global);
    sys._global = [];
    expect(sys._global).toEqual([]);
  });
});

describe('chakra-lazy-global build step: creation in steps', () => {
  const stepsFile = path.join(esm, 'styled-system/system.steps-test.js');
  afterAll(() => fs.rmSync(stepsFile, { force: true }));

  it('pauses createSystem.steps between its parts and refuses code without them', () => {
    const code = stagedCreate(source);
    expect(code.match(/\n {2}yield;\n/g)).toHaveLength(4);
    expect(code).toContain('createSystem.steps = createSystemSteps;');
    expect(() => stagedCreate(source.replace('  const tokenMap = getTokenMap(tokens);\n', '  const tokenMap = getTokenMap(tokens, 1);\n'))).toThrow(
      /no longer creates the system/,
    );
  });

  it('creates, in steps or at once, the system the original creates', async () => {
    fs.writeFileSync(stepsFile, stagedCreate(lazyGlobal(source)));
    const staged = (await import(pathToFileURL(stepsFile).href)) as { createSystem: typeof import('@chakra-ui/react').createSystem };
    const eager = (await import(pathToFileURL(systemFile).href)) as typeof import('@chakra-ui/react');
    const { defaultConfig } = await import('@chakra-ui/react');
    const steps = (staged.createSystem as unknown as { steps: (...c: unknown[]) => Generator<void, ReturnType<typeof eager.createSystem>> }).steps;
    const run = steps(defaultConfig);
    let pauses = 0;
    let step = run.next();
    for (; !step.done; step = run.next()) pauses += 1;
    expect(pauses).toBe(4);
    const original = eager.createSystem(defaultConfig);
    for (const sys of [step.value, staged.createSystem(defaultConfig)]) {
      expect(sys.tokens.allTokens.length).toBe(original.tokens.allTokens.length);
      expect(sys.token('colors.red.500')).toBe(original.token('colors.red.500'));
      expect(sys.css({ color: 'red.500', px: '4', md: { py: '2' } })).toEqual(original.css({ color: 'red.500', px: '4', md: { py: '2' } }));
      expect([...sys.properties].sort()).toEqual([...original.properties].sort());
      expect(sys._global).toEqual(original._global);
    }
  });
});
