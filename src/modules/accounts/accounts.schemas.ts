import { z } from 'zod';

/**
 * Shapes of the accounts API, shared by the adapters and the SPA's forms. Every validation message
 * is a translation key; the client maps it to its German or English text.
 */

export { SESSION_HINT_COOKIE } from './accounts.constants.js';

export const PASSWORD_MIN_LENGTH = 8;
/** Far above any passphrase a person types, low enough that hashing it is never a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;

/** Trimmed and lower-cased, then checked against a general pattern. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'global.message.fieldRequired')
  .max(254, 'global.message.invalidEmail')
  .pipe(z.email('global.message.invalidEmail'));

/** A new password: length only (NIST SP 800-63B), no composition rules. */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'global.passwordRequirements')
  .max(PASSWORD_MAX_LENGTH, 'global.passwordRequirements');

/** A password being checked: whatever the user once chose, bounded so hashing stays cheap. */
export const ZPasswordAttempt = z.string().min(1, 'global.message.fieldRequired').max(1024, 'global.error.badCredentials');

const ZName = z.string().trim().min(1, 'global.message.fieldRequired').max(100, 'global.message.tooLong');

/**
 * A page of this site to come back to after the confirmation (a share link's master, say): a path,
 * never another origin ("//host" and "/\host" would leave the site).
 */
export const ZReturnPath = z
  .string()
  .max(300, 'global.error.invalidInput')
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'global.error.invalidInput');

export const ZRegisterInput = z.object({
  email: ZEmail,
  password: ZNewPassword,
  firstName: ZName,
  lastName: ZName,
  next: ZReturnPath.optional(),
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZLoginInput = z.object({ email: ZEmail, password: ZPasswordAttempt });
export type TLoginInput = z.infer<typeof ZLoginInput>;

/** resend-confirmation and forgot-password. */
export const ZEmailInput = z.object({ email: ZEmail });
export type TEmailInput = z.infer<typeof ZEmailInput>;

const ZOpaqueToken = z.string().trim().min(16, 'global.error.invalidToken').max(200, 'global.error.invalidToken');

export const ZResetPasswordInput = z.object({ resetToken: ZOpaqueToken, password: ZNewPassword });
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

export const ZVerifyEmailInput = z.object({ verifyToken: ZOpaqueToken });
export type TVerifyEmailInput = z.infer<typeof ZVerifyEmailInput>;

/** Login and refresh answer; the refresh token travels only in its httpOnly cookie. */
export const ZAccessTokenAnswer = z.object({ accessToken: z.string(), expiresAt: z.string() });
export type TAccessTokenAnswer = z.infer<typeof ZAccessTokenAnswer>;

export const ZRegisterAnswer = z.object({ email: z.string() });
export type TRegisterAnswer = z.infer<typeof ZRegisterAnswer>;

/** What verify-email did: confirmed a new account, or moved the account to a new address. */
export const ZVerifyEmailAnswer = z.object({ result: z.enum(['confirmed', 'emailChanged']), email: z.string() });
export type TVerifyEmailAnswer = z.infer<typeof ZVerifyEmailAnswer>;

/** User. */
export const ZUser = z.object({
  id: z.string(),
  distributionUserId: z.string().nullable(),
  distributionArtistId: z.string().nullable(),
  distributionParticipantId: z.string().nullable(),
  distributionLabelId: z.string().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  subscribedToNewsletter: z.boolean(),
  informAboutUpdates: z.boolean(),
  betaTesting: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * Update-user input, every field optional (only what is sent changes). `password` is the
 * new password; changing it or the e-mail also needs `currentPassword`. A new e-mail takes effect
 * only once its confirmation link is opened.
 */
export const ZUpdateUserInput = z.object({
  id: z.string().optional(),
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  email: ZEmail.optional(),
  subscribedToNewsletter: z.boolean().optional(),
  informAboutUpdates: z.boolean().optional(),
  betaTesting: z.boolean().optional(),
  password: ZNewPassword.optional(),
  currentPassword: ZPasswordAttempt.optional(),
});
export type TUpdateUserInput = z.infer<typeof ZUpdateUserInput>;
