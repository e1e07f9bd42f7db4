/** The user aggregate: events, commands, state, decide. */
export type {
  LogoutReason,
  ProfileUpdated,
  ProfileUpdatedData,
  UserEvent,
  UserLoggedIn,
  UserLoggedInData,
  UserLoggedOut,
  UserLoggedOutData,
  UserRegistered,
  UserRegisteredData,
} from './user.events';
export { USER_EVENT_TYPES } from './user.events';
export type {
  LogIn,
  LogInData,
  LogOut,
  LogOutData,
  RegisterUser,
  RegisterUserData,
  UpdateProfile,
  UpdateProfileData,
  UserCommand,
} from './user.commands';
export type { RegisteredUser, UnregisteredUser, UserState } from './user.state';
export { evolveUser, initialUserState, isActiveSession, toUserFields } from './user.state';
export {
  decideUser,
  logIn,
  logOut,
  registerUser,
  updateProfile,
  userDecider,
  userStreamName,
} from './user.decide';
export { normaliseDisplayName, normaliseEmail, normaliseUsername } from './user.rules';
