/** Bodies of the /auth calls (PROTOCOL.md "REST"). */
import type {
  CreateUserRequest,
  DemoLoginRequest,
  LoginUserRequest,
  UpdateUserRequest,
} from '../protocol/rest';
import {
  DisplayNameField,
  EmailField,
  OneOfField,
  PasswordField,
  UsernameField,
} from './dtoFields';

/** POST /auth/createuser */
export class CreateUserDto implements CreateUserRequest {
  @DisplayNameField() name?: string;
  @UsernameField() username!: string;
  @EmailField() email!: string;
  @PasswordField() password!: string;
}

/** POST /auth/loginuser */
export class LoginUserDto implements LoginUserRequest {
  @EmailField() email!: string;
  @PasswordField() password!: string;
}

/** POST /auth/demologin: which of the two demo accounts. */
export class DemoLoginDto implements DemoLoginRequest {
  @OneOfField([1, 2]) account!: 1 | 2;
}

/** POST /auth/updateuser: either field may be left out. */
export class UpdateUserDto implements UpdateUserRequest {
  @DisplayNameField() name?: string;
  @UsernameField(true) username?: string;
}
