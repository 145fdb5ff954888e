import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  RegistrationStatus,
  SessionResponse,
  UserSchema,
} from '../../../contract/auth.js';
import { ErrorBody } from '../../../contract/errors.js';
import { credentialFrom, principalOf, resolvePrincipal } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { requireSession } from '../../http/principal.js';
import type { UsersService } from '../users/users.service.js';
import { type AuthService, type IssuedSession, REFRESH_TOKEN_TTL_DAYS } from './auth.service.js';

export const REFRESH_COOKIE = 'cairn_refresh';

type Opts = { auth: AuthService; users: UsersService; allowRegistration: boolean; secureCookies: boolean };

export const authRoutes: FastifyPluginAsyncZod<Opts> = async (app, opts) => {
  const { auth, users } = opts;
  const tags = ['auth'];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

  // httpOnly + SameSite=Strict: scripts cannot read it and other sites cannot send it.
  const sendSession = (reply: FastifyReply, issued: IssuedSession) => {
    if (issued.refreshToken) {
      reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
        path: '/api/auth',
        maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
      });
    }
    reply.header('cache-control', 'no-store');
    return issued.body;
  };
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookies,
    });

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: LoginRequest,
        response: { 200: SessionResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendSession(
        reply,
        await auth.login({
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
      ),
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh cookie and get a new access token (204: no session cookie, signed out)',
        response: { 200: SessionResponse, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      // The web app asks on every load whether a session exists. Without a cookie the answer is
      // simply "no": a 204, not a 401 the browser would log as an error on every signed-out visit.
      if (!request.cookies[REFRESH_COOKIE]) return reply.status(204).send(null);
      try {
        return sendSession(
          reply,
          await auth.refresh(request.cookies[REFRESH_COOKIE], request.headers['user-agent'] ?? null),
        );
      } catch (err) {
        clearCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'Sign out: revokes this session server-side', response: { 204: z.null() } } },
    async (request, reply) => {
      const principal = await resolvePrincipal(
        credentialFrom(request),
        [{ accepts: () => true, verify: (t) => auth.verifyAccessToken(t) }],
        'rest',
      );
      await auth.logout(request.cookies[REFRESH_COOKIE], principal);
      clearCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/session',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: z.object({ user: UserSchema }), 401: ErrorBody },
      },
    },
    async (request) => ({ user: await auth.currentUser(principalOf(request)) }),
  );

  app.get(
    '/api/auth/status',
    {
      schema: {
        tags,
        summary: 'Whether registration is open and whether the owner account still has to be made',
        response: { 200: RegistrationStatus },
      },
    },
    async () => ({ registration_open: opts.allowRegistration, needs_setup: await users.needsSetup() }),
  );

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account (only when ALLOW_REGISTRATION=true)',
        body: RegisterRequest,
        response: { 201: RegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (!opts.allowRegistration)
        throw forbidden('Public registration is currently disabled', 'registration_disabled');
      const user = await auth.register({ ...request.body, ip: request.ip });
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/auth/setup',
    {
      schema: {
        tags,
        summary: 'Create the owner account on a fresh install (only while no account exists)',
        body: RegisterRequest,
        response: { 201: SessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await auth.setupOwner({
        ...request.body,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.status(201).send(sendSession(reply, issued));
    },
  );

  app.post(
    '/api/auth/password',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        summary:
          'Change the password; other sessions are signed out, and with revoke_integrations every API key and OAuth grant',
        security: [{ bearer: [] }],
        body: ChangePasswordRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      requireSession(principal, 'Only a signed-in person can change the password');
      await auth.changePassword(principal, request.body.current_password, request.body.new_password, {
        revokeIntegrations: request.body.revoke_integrations,
      });
      return reply.status(204).send(null);
    },
  );
};
