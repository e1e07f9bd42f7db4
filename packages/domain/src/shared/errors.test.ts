import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './errors';

describe('DomainError', () => {
  it('carries a code and a message, and is recognised by shape across module copies', () => {
    const error = new DomainError('FORBIDDEN', 'Not allowed!');
    expect([error.code, error.message, error instanceof Error]).toEqual([
      'FORBIDDEN',
      'Not allowed!',
      true,
    ]);
    expect(isDomainError(error)).toBe(true);
    const copy = Object.assign(new Error('Not allowed!'), {
      name: 'DomainError',
      code: 'FORBIDDEN',
    });
    expect(isDomainError(copy)).toBe(true);
    const foreign = Object.assign(new Error('x'), { name: 'DomainError', code: 'TEAPOT' });
    expect([isDomainError(foreign), isDomainError(new Error('x')), isDomainError('x')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
