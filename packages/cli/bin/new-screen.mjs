#!/usr/bin/env node
// The command runs the package's TypeScript source through tsx (the package ships its source).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/newScreen.ts');
await main();
