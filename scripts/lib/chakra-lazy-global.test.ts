import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyGlobal, stagedCreate, stagedMerge, stagedTokens } from './chakra-lazy-global';

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
  const tokensFile = path.join(esm, 'styled-system/token-dictionary.steps-test.js');
  const tokensSource = fs.readFileSync(path.join(esm, 'styled-system/token-dictionary.js'), 'utf8');
  const mergeFile = path.join(esm, 'styled-system/merge-config.steps-test.js');
  const mergeSource = fs.readFileSync(path.join(esm, 'styled-system/merge-config.js'), 'utf8');
  afterAll(() => [stepsFile, tokensFile, mergeFile].forEach((f) => fs.rmSync(f, { force: true })));

  it('pauses createSystem.steps between its parts and refuses code without them', () => {
    const code = stagedCreate(source);
    expect(code.match(/\n {2}yield;\n/g)).toHaveLength(4);
    expect(code).toContain('createSystem.steps = createSystemSteps;');
    expect(code).toContain('const tokens = yield* createTokenDictionary.steps({');
    expect(code).toContain('const config = yield* mergeConfigs.steps(...configs);');
    expect(() => stagedCreate(source.replace('  const tokenMap = getTokenMap(tokens);\n', '  const tokenMap = getTokenMap(tokens, 1);\n'))).toThrow(
      /no longer creates the system/,
    );
  });

  it('pauses the token dictionary between the phases of its build and refuses code without them', () => {
    const code = stagedTokens(tokensSource);
    expect(code.match(/\n {2,4}yield;\n/g)).toHaveLength(4);
    expect(code).toContain('createTokenDictionary.steps = createTokenDictionarySteps;');
    expect(() => stagedTokens(tokensSource.replace('    setupViews();\n', '    setupViews(1);\n'))).toThrow(/no longer builds its dictionary/);
  });

  it('pauses the merge after each configuration is copied and refuses code without it', () => {
    const code = stagedMerge(mergeSource);
    expect(code).toContain('mergeConfigs.steps = mergeConfigsSteps;');
    expect(() => stagedMerge(mergeSource.replace('configs.map(clone)', 'configs.map((c) => clone(c))'))).toThrow(/no longer merges configurations/);
  });

  it('creates, in steps or at once, the system the original creates', async () => {
    fs.writeFileSync(tokensFile, stagedTokens(tokensSource));
    fs.writeFileSync(mergeFile, stagedMerge(mergeSource));
    fs.writeFileSync(
      stepsFile,
      stagedCreate(lazyGlobal(source))
        .replace("from './token-dictionary.js'", "from './token-dictionary.steps-test.js'")
        .replace("from './merge-config.js'", "from './merge-config.steps-test.js'"),
    );
    const staged = (await import(pathToFileURL(stepsFile).href)) as { createSystem: typeof import('@chakra-ui/react').createSystem };
    const eager = (await import(pathToFileURL(systemFile).href)) as typeof import('@chakra-ui/react');
    const { defaultConfig } = await import('@chakra-ui/react');
    const steps = (staged.createSystem as unknown as { steps: (...c: unknown[]) => Generator<void, ReturnType<typeof eager.createSystem>> }).steps;
    const run = steps(defaultConfig, { theme: { tokens: { colors: { brand: { value: '#123456' } } } } });
    let pauses = 0;
    let step = run.next();
    for (; !step.done; step = run.next()) pauses += 1;
    // Four parts of the system, four phases of the dictionary, a copy of each of the two configurations.
    expect(pauses).toBe(10);
    const configs = [defaultConfig, { theme: { tokens: { colors: { brand: { value: '#123456' } } } } }] as const;
    const original = eager.createSystem(...configs);
    for (const sys of [step.value, staged.createSystem(...configs)]) {
      expect(sys.tokens.allTokens.length).toBe(original.tokens.allTokens.length);
      expect(sys.token('colors.red.500')).toBe(original.token('colors.red.500'));
      expect(sys.token('colors.brand')).toBe('#123456');
      expect(sys.css({ color: 'red.500', px: '4', md: { py: '2' } })).toEqual(original.css({ color: 'red.500', px: '4', md: { py: '2' } }));
      expect([...sys.properties].sort()).toEqual([...original.properties].sort());
      expect(sys._global).toEqual(original._global);
      expect(sys.tokens.cssVarMap.size).toBeGreaterThan(0);
      expect(sys.tokens.cssVarMap).toEqual(original.tokens.cssVarMap);
      expect(sys.tokens.flatMap).toEqual(original.tokens.flatMap);
      expect(sys.tokens.colorPaletteMap).toEqual(original.tokens.colorPaletteMap);
      expect(sys.css({ colorPalette: 'blue', bg: 'colorPalette.solid', _dark: { color: 'fg.muted' } })).toEqual(
        original.css({ colorPalette: 'blue', bg: 'colorPalette.solid', _dark: { color: 'fg.muted' } }),
      );
    }
  });
});
