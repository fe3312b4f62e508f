#!/usr/bin/env node
// Runs shell commands at once (a product's npm test: its Chromium tests beside the others).
import { main } from '../dist/sideBySide.js';

await main();
