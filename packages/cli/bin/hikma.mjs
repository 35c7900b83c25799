#!/usr/bin/env node
// The packages ship TypeScript sources; tsx compiles them as they load.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv);
