#!/usr/bin/env node
// tsx reads the product's TypeScript files (its machine, its strings) that the command imports.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../dist/newScreen.js');
await main();
