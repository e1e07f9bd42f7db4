import { describe, expect, it } from 'vitest';
import { peopleOfCanvas } from './canvasPeople';

const member = (userId: string, username: string) => ({ userId, username, profilePhoto: '' });

describe('peopleOfCanvas', () => {
  it('shows the members but the user, here when their pointer is on the canvas, here first', () => {
    const people = peopleOfCanvas(
      [member('me', 'me'), member('o', 'olga'), member('b', 'bob'), member('z', 'zoe')],
      [
        { userId: 'z', username: 'zoe', pointer: { x: 1, y: 2, tool: 'pointer' } },
        // Online somewhere else in the app: a member, but not here.
        { userId: 'b', username: 'bob' },
      ],
      'me',
      'o',
    );
    expect(people).toEqual([
      { id: 'z', name: 'zoe', photo: undefined, here: true },
      { id: 'b', name: 'bob', photo: undefined, here: false },
      { id: 'o', name: 'olga', photo: undefined, here: false, note: 'owner' },
    ]);
  });

  it('adds someone seen on the canvas before the member list names them', () => {
    const people = peopleOfCanvas(
      [],
      [
        {
          userId: 'n',
          username: 'nina',
          avatarUrl: 'data:x',
          pointer: { x: 0, y: 0, tool: 'laser' },
        },
      ],
      'me',
    );
    expect(people).toEqual([{ id: 'n', name: 'nina', photo: 'data:x', here: true }]);
  });

  it('once the server has said who has the canvas open, marks here those and only those', () => {
    const people = peopleOfCanvas(
      [member('me', 'me'), member('o', 'olga'), member('b', 'bob')],
      // Olga's pointer was seen, but she has closed the canvas since.
      [{ userId: 'o', username: 'olga', pointer: { x: 1, y: 2, tool: 'pointer' } }],
      'me',
      'o',
      ['me', 'b'],
    );
    expect(people).toEqual([
      { id: 'b', name: 'bob', photo: undefined, here: true },
      { id: 'o', name: 'olga', photo: undefined, here: false, note: 'owner' },
    ]);
  });

  it('is empty for a canvas of one', () => {
    expect(peopleOfCanvas([member('me', 'me')], [], 'me', 'me')).toEqual([]);
  });
});
