import { describe, expect, it } from 'vitest';
import { CreateUserDto, DemoLoginDto, LoginUserDto, UpdateUserDto } from './auth.dto';
import { describeDto, expectInvalid, long, MISSING } from './dto.testkit';
import { parseDto } from './parseDto';

const USERNAME = /^Username must be/;
const EMAIL = /^Please enter a valid email/;
const PASSWORD = /^password must be 8 to 128/;
const NAME = /^Name must be at most 60/;

describeDto(
  CreateUserDto,
  {
    name: 'Ada Lovelace',
    username: 'ada.l_1-x',
    email: 'ada@example.com',
    password: 'correct horse',
  },
  [
    { field: 'username', value: MISSING, label: 'missing', message: /^username is required/ },
    { field: 'username', value: 42, label: 'a number', message: USERNAME },
    { field: 'username', value: 'ab', label: 'too short', message: USERNAME },
    { field: 'username', value: long(31), label: 'too long', message: USERNAME },
    { field: 'username', value: 'ada lovelace', label: 'a space inside', message: USERNAME },
    { field: 'username', value: 'ada<script>', label: 'markup', message: USERNAME },
    { field: 'email', value: MISSING, label: 'missing', message: /^email is required/ },
    { field: 'email', value: 'not-an-email', label: 'not an email', message: EMAIL },
    { field: 'email', value: ['a@b.co'], label: 'an array', message: EMAIL },
    { field: 'email', value: `${long(250)}@example.com`, label: 'too long', message: EMAIL },
    { field: 'password', value: MISSING, label: 'missing', message: /^password is required/ },
    { field: 'password', value: 'short', label: 'under 8 characters', message: PASSWORD },
    { field: 'password', value: long(129), label: 'over 128 characters', message: PASSWORD },
    { field: 'password', value: 12345678, label: 'a number', message: PASSWORD },
    { field: 'name', value: long(61), label: 'too long', message: NAME },
    { field: 'name', value: null, label: 'null', message: NAME },
    { field: 'name', value: 'Ada\u0000', label: 'a control character', message: NAME },
  ],
);

describe('CreateUserDto normalisation', () => {
  it('trims username, email and name but never the password', () => {
    const dto = parseDto(CreateUserDto, {
      name: '  Ada ',
      username: ' ada ',
      email: ' ada@example.com ',
      password: ' pass word ',
    });

    expect(dto).toEqual({
      name: 'Ada',
      username: 'ada',
      email: 'ada@example.com',
      password: ' pass word ',
    });
  });

  it('applies the username bounds after trimming', () => {
    expectInvalid(
      () => parseDto(CreateUserDto, { username: '  ab  ', email: 'a@b.co', password: 'password' }),
      USERNAME,
    );
  });

  it('accepts a missing name and names every failing field at once', () => {
    expect(
      parseDto(CreateUserDto, { username: 'ada', email: 'a@b.co', password: 'password' }),
    ).toEqual({
      username: 'ada',
      email: 'a@b.co',
      password: 'password',
    });
    expectInvalid(
      () => parseDto(CreateUserDto, {}),
      /username is required.*email is required.*password is required/,
    );
  });
});

describeDto(LoginUserDto, { email: 'ada@example.com', password: 'correct horse' }, [
  { field: 'email', value: MISSING, label: 'missing', message: /^email is required/ },
  { field: 'email', value: 'ada', label: 'not an email', message: EMAIL },
  { field: 'password', value: MISSING, label: 'missing', message: /^password is required/ },
  { field: 'password', value: '', label: 'empty', message: PASSWORD },
  { field: 'password', value: long(129), label: 'too long', message: PASSWORD },
  {
    field: 'password',
    value: { $gt: '' },
    label: 'an object (operator injection)',
    message: PASSWORD,
  },
]);

describeDto(DemoLoginDto, { account: 2 }, [
  { field: 'account', value: MISSING, label: 'missing', message: /^account is required/ },
  { field: 'account', value: 3, label: 'not 1 or 2', message: /^account must be one of: 1, 2/ },
  { field: 'account', value: '1', label: 'a string', message: /^account must be one of/ },
  { field: 'account', value: 1.5, label: 'a fraction', message: /^account must be one of/ },
]);

describeDto(UpdateUserDto, { name: 'Ada', username: 'ada_l' }, [
  { field: 'username', value: 'a', label: 'too short', message: USERNAME },
  { field: 'username', value: null, label: 'null', message: USERNAME },
  { field: 'username', value: long(31), label: 'too long', message: USERNAME },
  { field: 'name', value: 7, label: 'a number', message: NAME },
  { field: 'name', value: long(61), label: 'too long', message: NAME },
]);

describe('UpdateUserDto', () => {
  it('accepts either field alone, or an empty display name', () => {
    expect(parseDto(UpdateUserDto, { name: '' })).toEqual({ name: '' });
    expect(parseDto(UpdateUserDto, { username: 'grace' })).toEqual({ username: 'grace' });
  });
});
