import { createSystem, type SystemContext } from '@chakra-ui/react';
import { themeConfigs } from './theme';

// Chakra's system created ahead, one part per task: the browser's staged start (main.tsx) runs this before the app's
// modules, and system.ts then takes the system made here. The build step gives `createSystem` its steps
// (scripts/lib/chakra-lazy-global.ts); without it (Vite's dev server, Node) system.ts creates the system at once.

type Steps = (...configs: Parameters<typeof createSystem>) => Generator<void, SystemContext, void>;

/** The system created by createSystemAhead, once it has run. */
export const ahead: { system?: SystemContext } = {};

/** Creates the system in steps, awaiting `nextTask` between them. */
export async function createSystemAhead(nextTask: () => Promise<void>): Promise<void> {
  const steps = (createSystem as typeof createSystem & { steps?: Steps }).steps;
  if (!steps) return;
  const run = steps(...themeConfigs);
  for (;;) {
    const step = run.next();
    if (step.done) {
      ahead.system = step.value;
      return;
    }
    await nextTask();
  }
}
