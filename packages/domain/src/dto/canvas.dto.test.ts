import { describe, expect, it } from 'vitest';
import { CreateCanvasDto, DeleteCanvasDto, UpdateCanvasNameDto } from './canvas.dto';
import { describeDto, expectInvalid, long, MISSING } from './dto.testkit';
import { parseDto } from './parseDto';

const CANVAS_NAME = /^Canvas name must be 1 to 100/;

describeDto(CreateCanvasDto, { name: 'Roadmap' }, [
  { field: 'name', value: '', label: 'empty', message: CANVAS_NAME },
  { field: 'name', value: '   ', label: 'blank', message: CANVAS_NAME },
  { field: 'name', value: long(101), label: 'too long', message: CANVAS_NAME },
  { field: 'name', value: 5, label: 'a number', message: CANVAS_NAME },
  { field: 'name', value: 'a\nb', label: 'a control character', message: CANVAS_NAME },
]);

describe('CreateCanvasDto', () => {
  it('accepts an empty body (the server picks a name) and trims a given one', () => {
    expect(parseDto(CreateCanvasDto, {})).toEqual({});
    expect(parseDto(CreateCanvasDto, { name: '  Plan  ' })).toEqual({ name: 'Plan' });
  });
});

describeDto(UpdateCanvasNameDto, { name: 'Roadmap 2' }, [
  { field: 'name', value: MISSING, label: 'missing', message: /^name is required/ },
  { field: 'name', value: null, label: 'null', message: /^name is required/ },
  { field: 'name', value: '', label: 'empty', message: CANVAS_NAME },
  { field: 'name', value: long(101), label: 'too long', message: CANVAS_NAME },
  { field: 'name', value: ['x'], label: 'an array', message: CANVAS_NAME },
]);

describe('DeleteCanvasDto', () => {
  it('accepts only an empty object', () => {
    expect(parseDto(DeleteCanvasDto, {})).toBeInstanceOf(DeleteCanvasDto);
    expectInvalid(
      () => parseDto(DeleteCanvasDto, { force: true }),
      /^force is not an allowed field/,
    );
    expectInvalid(() => parseDto(DeleteCanvasDto, null), /JSON object/);
    expectInvalid(() => parseDto(DeleteCanvasDto, []), /JSON object/);
  });
});
