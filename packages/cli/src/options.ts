import { InvalidArgumentError } from 'commander';

/** Parses a positive number of seconds given on the command line, as milliseconds. */
export function secondsOption(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new InvalidArgumentError('expected a positive number of seconds');
  }
  return Math.round(seconds * 1000);
}
