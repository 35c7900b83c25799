// Command-line options of the benchmarks: one way to ask for help, to be told about a bad
// option, and to name where results go.
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * Parses a benchmark's options with node:util's parseArgs. `--help` (or `-h`) prints `usage`
 * and exits 0; an unknown or malformed option prints the error and the usage and exits 2.
 */
export function parseBenchArgs<T extends ParseArgsConfig>(
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

/**
 * Where an output goes: an absolute path as given, a relative one from the directory the
 * benchmark was started in (`npm run` starts it in the repository root).
 */
export function outputPath(path: string): string {
  return resolve(path);
}
