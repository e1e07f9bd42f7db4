import { describe, expect, it } from 'vitest';
import { TOO_MANY_MESSAGES } from '@tabula/domain';
import { commitQueue } from './commitQueue';

/** A commit that finishes when the test says so; `started` resolves once it runs. */
function pending(log: string[], name: string) {
  let ready!: () => void;
  let finish!: (fail?: boolean) => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const run = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (fail) => (fail ? reject(new Error(`${name} failed`)) : resolve(name));
      ready();
    });
  return { run, started, finish: (fail?: boolean) => finish(fail) };
}

describe('a socket’s commits', () => {
  it('run one at a time, in the order they came, a failure not stopping the next', async () => {
    const enqueue = commitQueue();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => pending(log, name));
    const results = [a!, b!, c!].map((commit) => enqueue(commit.run));
    await a!.started;
    expect(log).toEqual(['start a']);
    a!.finish(true);
    await expect(results[0]).rejects.toThrow('a failed');
    await b!.started;
    expect(log).toEqual(['start a', 'start b']);
    b!.finish();
    await c!.started;
    c!.finish();
    expect(await Promise.all(results.slice(1))).toEqual(['b', 'c']);
  });

  it('refuses one more than the limit as too many messages, and takes more once one is done', async () => {
    const enqueue = commitQueue(2);
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => pending(log, name));
    const first = enqueue(a!.run);
    const second = enqueue(b!.run);
    await expect(enqueue(async () => 'c')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: TOO_MANY_MESSAGES,
    });
    await a!.started;
    a!.finish();
    await first;
    await b!.started;
    const third = enqueue(async () => 'd');
    b!.finish();
    expect(await Promise.all([second, third])).toEqual(['b', 'd']);
  });
});
