// What the sandbox's tests share.
import { release } from 'node:os';

/** Linux >= 6.14 has a pid_max per pid namespace, which caps processes even for real root. */
export function perNamespacePidMax(): boolean {
  const [major = 0, minor = 0] = release().split('.').map(Number);
  return major > 6 || (major === 6 && minor >= 14);
}
