import { createSystem } from '@chakra-ui/react';
import { themeConfigs } from './theme';

// Chakra's system, in a module apart from the theme's configuration: the browser's staged start (main.tsx) evaluates
// Chakra's modules and the theme in one task and creates the system in the next, where together they made one of the
// longest tasks of a page's start-up (docs/decisions/010-compression-and-bundle.md "Staged start").
export const system = createSystem(...themeConfigs);
