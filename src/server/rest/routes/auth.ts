import { accountExportShape, exportFileName } from '../../../shared/schemas/account';
import {
  changePasswordInput,
  deleteAccountInput,
  forgotPasswordAnswerShape,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  updateProfileInput,
} from '../../../shared/schemas/auth';
import { userShape } from '../../../shared/schemas/auth';
import { changePasswordAnswerShape, successShape } from '../shapes';
import { defineRoutes } from '../types';

const tag = 'Auth';

export const authRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/auth/login',
    procedure: 'auth.login',
    doc: {
      tag,
      summary: 'Log in',
      description:
        'Sets a new session cookie (`bp_session`). `username` may also be the account\'s e-mail address (any case). A wrong username, address or password is the same 401.',
      body: loginInput,
      responses: { 200: userShape },
      errors: [401, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    procedure: 'auth.register',
    status: 201,
    doc: {
      tag,
      summary: 'Create an account',
      description: 'The new user is logged in (a session cookie is set). A taken username or e-mail address (ignoring case) is a 409.',
      body: registerInput,
      responses: { 201: userShape },
      errors: [409, 429],
    },
  },
  {
    method: 'GET',
    url: '/api/auth/user',
    procedure: 'auth.me',
    // docs/product/api.md: "returns the current user or fails". Logged out is a 401, not a null body.
    send: (user, reply) => {
      if (!user) return reply.code(401).send({ message: 'Ikke innlogget.' });
      return user;
    },
    doc: { tag, summary: 'The current user', description: "401 'Ikke innlogget.' when logged out.", responses: { 200: userShape }, errors: [401] },
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    procedure: 'auth.logout',
    input: () => undefined,
    doc: { tag, summary: 'Log out', description: 'Ends the session and clears the cookie; any body is ignored.', responses: { 200: successShape } },
  },
  {
    method: 'PUT',
    url: '/api/auth/update-profile',
    procedure: 'auth.updateProfile',
    doc: {
      tag,
      summary: 'Update the own profile',
      description: 'An e-mail address another account has (ignoring case) is a 409.',
      auth: true,
      body: updateProfileInput,
      responses: { 200: userShape },
      errors: [401, 409],
    },
  },
  {
    method: 'PUT',
    url: '/api/auth/change-password',
    procedure: 'auth.changePassword',
    doc: {
      tag,
      summary: 'Change the own password',
      description: 'Every other session of the user ends; this one continues with a new cookie.',
      auth: true,
      body: changePasswordInput,
      responses: { 200: changePasswordAnswerShape },
      errors: [401, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    procedure: 'auth.forgotPassword',
    status: 202,
    doc: {
      tag,
      summary: "Ask for a password reset link ('Glemt passord?')",
      description:
        'Answers 202 at once, the same for a known and an unknown address. A known address then gets a mail with a link to `/nytt-passord?token=…`, usable once within an hour. Limited per client address and per e-mail address.',
      body: forgotPasswordInput,
      responses: { 202: forgotPasswordAnswerShape },
      errors: [429],
    },
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    procedure: 'auth.resetPassword',
    doc: {
      tag,
      summary: 'Set a new password with a mailed token',
      description:
        'The new password follows the usual rule. The token is used up, and every session of the user ends (nobody is logged in by this call). A used, expired or unknown token is a 400.',
      body: resetPasswordInput,
      responses: { 200: changePasswordAnswerShape },
      errors: [429],
    },
  },
  {
    method: 'GET',
    url: '/api/auth/export',
    procedure: 'auth.export',
    input: () => undefined,
    // A download: the browser saves it under a dated name.
    send: (result: { profile: { username: string } }, reply) => {
      reply.header('Content-Disposition', `attachment; filename="${exportFileName(result.profile.username, new Date())}"`);
      return result;
    },
    doc: {
      tag,
      summary: "The own data as one JSON file ('Last ned mine data')",
      description:
        'Profile, listings, saved listings, saved searches, chats with their messages, notifications and sent inquiries. Another user appears only by the name their chat shows.',
      auth: true,
      responses: { 200: accountExportShape },
      errors: [401, 429],
    },
  },
  {
    method: 'DELETE',
    url: '/api/auth/account',
    procedure: 'auth.deleteAccount',
    input: (req) => req.body,
    doc: {
      tag,
      summary: "Delete the own account ('Slett kontoen min')",
      description:
        'Needs the password. Deletes the account as an admin\'s deletion does (listings, photos, saved listings, notifications, sessions; chats stay for the other party without the name), writes it in the audit log and clears the cookie. A wrong password is a 400 and changes nothing; an admin account is a 403.',
      auth: true,
      body: deleteAccountInput,
      responses: { 204: null },
      errors: [401, 403, 429],
    },
  },
]);
