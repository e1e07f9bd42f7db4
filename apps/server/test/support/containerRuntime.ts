/**
 * Where a container test runs: against a server the environment names (`variable`, when its
 * value matches `accepts`), else in a throw-away container when a container runtime answers
 * (testcontainers), else nowhere, with the reason (the caller prints it and skips).
 */
import { getContainerRuntimeClient } from 'testcontainers';

export type ContainerTarget =
  { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'skip'; reason: string };

export async function containerTarget(variable: string, accepts: RegExp): Promise<ContainerTarget> {
  const url = process.env[variable];
  if (url && accepts.test(url)) return { kind: 'url', url };
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer within 5 s')), 5_000).unref(),
    );
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return { kind: 'container' };
  } catch (error) {
    return {
      kind: 'skip',
      reason: `${variable} is not set and no container runtime answered (${String(error)})`,
    };
  }
}
