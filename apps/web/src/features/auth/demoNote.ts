import type { DemoAccount } from '@tabula/ui';

/**
 * What the auth screen says under the demo buttons once a demo account turned out to be in use
 * by another visitor (the one-session rule): the other account while it may be free, and when
 * both are taken, that they free up by themselves and that an own account is a minute away.
 */
export function demoNote(inUse: readonly DemoAccount[]): string | null {
  const [first, second] = inUse;
  if (first === undefined) return null;
  if (second === undefined) {
    return `Test User ${first} is in use by another visitor right now. Try Test User ${first === 1 ? 2 : 1}.`;
  }
  return 'Both demo accounts are in use right now. Each frees up when its visitor closes the tab or goes idle: try again in a few minutes, or sign up for your own account.';
}
