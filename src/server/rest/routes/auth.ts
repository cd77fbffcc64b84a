import { changePasswordInput, loginInput, registerInput, updateProfileInput } from '../../../shared/schemas/auth';
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
      description: 'Sets a new session cookie (`bp_session`). A wrong username or password is the same 401.',
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
      description: 'The new user is logged in (a session cookie is set). A taken username is a 409.',
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
    doc: { tag, summary: 'Update the own profile', auth: true, body: updateProfileInput, responses: { 200: userShape }, errors: [401] },
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
]);
