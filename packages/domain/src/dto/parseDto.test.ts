import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { CreateCanvasDto, UpdateCanvasNameDto } from './canvas.dto';
import { expectInvalid } from './dto.testkit';
import { parseDto, parseId } from './parseDto';
import type { DtoClass } from './parseDto';
import { parseCanvasUpdate } from './drawingMessages';
import { InviteUserDto } from './socket.dto';

const polluted = () => ({}) as Record<string, unknown>;

afterEach(() => {
  // A leak here would poison every later test: fail loudly and clean up.
  for (const key of ['polluted', 'isAdmin']) {
    if (key in Object.prototype) {
      delete (Object.prototype as Record<string, unknown>)[key];
      throw new Error(`Object.prototype.${key} was polluted`);
    }
  }
});

describe('parseDto: the payload must be a JSON object', () => {
  const notObjects: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['an array', [{ name: 'x' }]],
    ['a string', '{"name":"x"}'],
    ['a number', 42],
    ['a boolean', true],
    ['a class instance', new Date(0)],
    ['a function', () => ({ name: 'x' })],
  ];
  for (const [label, payload] of notObjects) {
    it(`refuses ${label}`, () => {
      expectInvalid(
        () => parseDto(UpdateCanvasNameDto, payload),
        'The request must be a JSON object.',
      );
    });
  }

  it('throws a DomainError with code INVALID', () => {
    expect(() => parseDto(UpdateCanvasNameDto, {})).toThrow(DomainError);
  });

  it('accepts an object without prototype (Object.create(null))', () => {
    const payload = Object.assign(Object.create(null) as object, { name: 'x' });

    expect(parseDto(UpdateCanvasNameDto, payload)).toEqual({ name: 'x' });
  });
});

describe('parseDto: prototype pollution', () => {
  type Parser = [name: string, parse: (payload: unknown) => unknown];
  const dto = (dtoClass: DtoClass<object>): Parser => [
    dtoClass.name,
    (payload) => parseDto(dtoClass, payload),
  ];
  const attacks: [Parser, string][] = [
    [dto(UpdateCanvasNameDto), '{"name":"x","__proto__":{"polluted":true}}'],
    [dto(UpdateCanvasNameDto), '{"name":"x","constructor":{"prototype":{"polluted":true}}}'],
    [
      dto(InviteUserDto),
      '{"toUserId":"u","canvasId":"c","canvasName":"n","lines":{"a":[{"__proto__":{"polluted":true}}]}}',
    ],
    [
      ['parseCanvasUpdate', parseCanvasUpdate],
      '{"canvasId":"c","eventId":"e","elements":[{"id":"a","type":"text","version":1,"versionNonce":1,"isDeleted":false,"index":null,"__proto__":{"polluted":true}}]}',
    ],
  ];

  for (const [[name, parse], json] of attacks) {
    it(`${name} refuses ${json.slice(0, 50)}… and leaves Object.prototype alone`, () => {
      expectInvalid(() => parse(JSON.parse(json)), /(__proto__|constructor) is not allowed/);
      expect(polluted().polluted).toBeUndefined();
    });
  }

  it('names the path of a nested forbidden key', () => {
    const payload = JSON.parse(
      '{"toUserId":"u","canvasId":"c","canvasName":"n","lines":[[{"prototype":1}]]}',
    );

    expectInvalid(() => parseDto(InviteUserDto, payload), 'lines[0][0].prototype is not allowed.');
  });

  it('refuses absurdly deep nesting', () => {
    let lines: unknown = 1;
    for (let depth = 0; depth < 40; depth += 1) lines = [lines];

    expectInvalid(
      () => parseDto(InviteUserDto, { toUserId: 'u', canvasId: 'c', canvasName: 'n', lines }),
      /is nested too deeply/,
    );
  });
});

describe('parseDto: fields', () => {
  it('refuses undeclared fields by name and lists every failing field', () => {
    expectInvalid(
      () => parseDto(UpdateCanvasNameDto, { name: '', ownerId: 'me' }),
      /^ownerId is not an allowed field\. Canvas name must be/,
    );
  });

  it('returns an instance of the DTO class with trimmed strings', () => {
    const dto = parseDto(CreateCanvasDto, { name: '\t Board ' });

    expect(dto).toBeInstanceOf(CreateCanvasDto);
    expect(dto.name).toBe('Board');
  });

  it('does not change the payload it was given', () => {
    const payload = { name: '  Board  ' };

    parseDto(UpdateCanvasNameDto, payload);

    expect(payload).toEqual({ name: '  Board  ' });
  });
});

describe('parseId', () => {
  it('returns a valid id unchanged', () => {
    expect(parseId('user-1')).toBe('user-1');
    expect(parseId('0b7a4e0e-3f8a-4d6c-9b1e-2a5c7d9e1f30', 'canvasId')).toBe(
      '0b7a4e0e-3f8a-4d6c-9b1e-2a5c7d9e1f30',
    );
  });

  const bad: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a number', 12],
    ['an object', { userId: 'u' }],
    ['an empty string', ''],
    ['101 characters', 'a'.repeat(101)],
    ['a space', 'user 1'],
    ['a path', '../etc'],
  ];
  for (const [label, value] of bad) {
    it(`refuses ${label}, naming the field`, () => {
      expectInvalid(() => parseId(value, 'canvasId'), /^canvasId must be an id of 1 to 100/);
    });
  }

  it('names the field "id" by default', () => {
    expectInvalid(() => parseId(null), /^id must be an id/);
  });
});
