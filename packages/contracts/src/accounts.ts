import { Type, type Static } from '@sinclair/typebox';
import { QueryInteger, QueryPage } from './query-integer.ts';
import { IdParams } from './uuid.ts';
import { AdminListPagination } from './pagination.ts';

/** admin.md §3 Admin: role admin or super_admin. */
export const AdminRole = Type.Union([Type.Literal('admin'), Type.Literal('super_admin')]);
export type AdminRole = Static<typeof AdminRole>;

/**
 * admin.md §3 Admin, as every accounts answer carries it. An allow-list: no password hash, no token
 * version and no refresh-token material can ever appear in an answer that uses this schema.
 */
export const AdminRecord = Type.Object(
  {
    _id: Type.String(),
    username: Type.String(),
    email: Type.String(),
    role: AdminRole,
    isActive: Type.Boolean(),
    createdAt: Type.String(),
    /** null when the admin never signed in (the screen shows 'Never'). */
    lastLogin: Type.Union([Type.String(), Type.Null()]),
    /**
     * The password the admin last signed in with fails today's password rules (a common one, a
     * pattern, or containing the username or e-mail): the console asks for a new one. Never a
     * lock-out: every call still works.
     */
    passwordChangeRequired: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AdminRecord = Static<typeof AdminRecord>;

/** admin.md §5 and §9: minimum password length 8; the maximum bounds hashing work. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
/** admin.md §9: 20 per page on the generic admin client (the accounts screen asks for 10). */
export const ADMIN_LIST_DEFAULT_LIMIT = 20;
export const ADMIN_LIST_MAX_LIMIT = 100;
/** recentLogins in the admin statistics counts admins who signed in within this many days. */
export const RECENT_LOGIN_DAYS = 7;

/** Messages the admin screens show as they are (admin.md §5, §6, §8). */
export const AccountsMessage = {
  credentialsRequired: 'Please enter both username and password',
  invalidCredentials: 'Invalid username or password',
  accountInactive: 'Your admin account has been deactivated. Please contact a super admin.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordsDoNotMatch: 'Passwords do not match',
  passwordCommon: 'Password is too common. Please choose a less common password.',
  passwordPattern: 'Password must not be a repeated or sequential pattern such as aaaaaaaa or 12345678',
  passwordPersonal: 'Password must not contain the username or email',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUnchanged: 'New password must be different from the current password',
  passwordChanged: 'Password changed',
  ownRole: 'You cannot change your own role',
  ownActiveFlag: 'You cannot change your own active status',
  ownDeactivate: 'You cannot deactivate your own account',
  ownDelete: 'You cannot delete your own account',
  lastSuperAdmin: 'The last active super admin cannot be demoted, deactivated or deleted',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  usernameRequired: 'Username is required',
  usernameInvalid: `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, digits, dots, dashes or underscores`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  adminNotFound: 'Admin not found',
  refreshInvalid: 'Invalid or expired refresh token',
  refreshReused: 'Refresh token was already used; please sign in again',
  sessionEnded: 'Your session has ended; please sign in again',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
} as const;

/** Codes accounts answers with, beyond the shared ErrorCode ones. */
export const AccountsErrorCode = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidPassword: 'INVALID_PASSWORD',
  passwordMismatch: 'PASSWORD_MISMATCH',
  weakPassword: 'WEAK_PASSWORD',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  selfModification: 'SELF_MODIFICATION_FORBIDDEN',
  lastSuperAdmin: 'LAST_SUPER_ADMIN',
  usernameTaken: 'USERNAME_TAKEN',
  emailTaken: 'EMAIL_TAKEN',
  invalidUsername: 'INVALID_USERNAME',
  invalidEmail: 'INVALID_EMAIL',
  refreshInvalid: 'REFRESH_TOKEN_INVALID',
  refreshReused: 'REFRESH_TOKEN_REUSED',
  sessionEnded: 'SESSION_ENDED',
} as const;

// Bodies: lengths are checked by the service so that callers get the spec's sentences; the schema
// bounds only what could cost work (argon2 over a megabyte).
const BoundedString = (maxLength: number) => Type.String({ maxLength });

export const LoginBody = Type.Object({
  username: Type.Optional(BoundedString(256)),
  password: Type.Optional(BoundedString(1024)),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginAnswer = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  /** Access-token lifetime in seconds. */
  expiresIn: Type.Integer(),
  admin: AdminRecord,
});
export type LoginAnswer = Static<typeof LoginAnswer>;

export const RefreshBody = Type.Object({ refreshToken: BoundedString(512) });
export type RefreshBody = Static<typeof RefreshBody>;

/** Each refresh rotates the refresh token: the caller must store the new one. */
export const RefreshAnswer = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer(),
});
export type RefreshAnswer = Static<typeof RefreshAnswer>;

/** Logout takes no payload (admin.md §7); a refresh token may be sent to revoke its session too. */
export const LogoutBody = Type.Union([
  Type.Object({ refreshToken: Type.Optional(BoundedString(512)) }),
  Type.Null(),
]);
export type LogoutBody = Static<typeof LogoutBody>;

export const MessageAnswer = Type.Object({ message: Type.String() });
export type MessageAnswer = Static<typeof MessageAnswer>;

export const AdminListQuery = Type.Object({
  page: QueryPage(),
  limit: QueryInteger({ minimum: 1, maximum: ADMIN_LIST_MAX_LIMIT, default: ADMIN_LIST_DEFAULT_LIMIT }),
  search: Type.Optional(BoundedString(100)),
});
export type AdminListQuery = Static<typeof AdminListQuery>;

/** admin.md §3: list pagination of admins. */
export const AdminPagination = AdminListPagination('totalAdmins');
export type AdminPagination = Static<typeof AdminPagination>;

export const AdminListAnswer = Type.Object({ admins: Type.Array(AdminRecord), pagination: AdminPagination });
export type AdminListAnswer = Static<typeof AdminListAnswer>;

export const CreateAdminBody = Type.Object({
  username: Type.Optional(BoundedString(256)),
  email: Type.Optional(BoundedString(512)),
  password: Type.Optional(BoundedString(1024)),
  /** When sent, must equal password ('Passwords do not match'). */
  confirmPassword: Type.Optional(BoundedString(1024)),
  role: Type.Optional(AdminRole),
});
export type CreateAdminBody = Static<typeof CreateAdminBody>;

export const UpdateAdminBody = Type.Object({
  username: Type.Optional(BoundedString(256)),
  email: Type.Optional(BoundedString(512)),
  role: Type.Optional(AdminRole),
  isActive: Type.Optional(Type.Boolean()),
});
export type UpdateAdminBody = Static<typeof UpdateAdminBody>;

export const ResetPasswordBody = Type.Object({
  newPassword: Type.Optional(BoundedString(1024)),
  confirmPassword: Type.Optional(BoundedString(1024)),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** PUT /api/admin/auth/password: the signed-in admin's own new password. */
export const ChangePasswordBody = Type.Object({
  currentPassword: Type.Optional(BoundedString(1024)),
  newPassword: Type.Optional(BoundedString(1024)),
  /** When sent, must equal newPassword ('Passwords do not match'). */
  confirmPassword: Type.Optional(BoundedString(1024)),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/**
 * A new password ends every session of the admin, this one too: the answer is a new session, as a
 * sign-in gives (store both tokens).
 */
export const ChangePasswordAnswer = Type.Object({
  message: Type.String(),
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer(),
  admin: AdminRecord,
});
export type ChangePasswordAnswer = Static<typeof ChangePasswordAnswer>;

export const AdminAnswer = Type.Object({ message: Type.String(), admin: AdminRecord });
export type AdminAnswer = Static<typeof AdminAnswer>;

/** admin.md §3 Admin statistics; recentLogins: signed in within RECENT_LOGIN_DAYS days. */
export const AdminStats = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  recentLogins: Type.Integer(),
});
export type AdminStats = Static<typeof AdminStats>;

export const AdminIdParams = IdParams;
export type AdminIdParams = Static<typeof AdminIdParams>;
