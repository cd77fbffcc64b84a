import { createSystem } from '@chakra-ui/react';
import { ahead } from './system-ahead';
import { themeConfigs } from './theme';

// Chakra's system. In the browser's staged start (main.tsx) it was created ahead, one part per task (system-ahead.ts),
// where at once it made one of the longest tasks of a page's start-up (docs/decisions/010-compression-and-bundle.md
// "Staged start"); on the server, in tests and on Vite's dev server it is created here.
export const system = ahead.system ?? createSystem(...themeConfigs);
