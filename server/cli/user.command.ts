import { parseArgs } from 'node:util';
import type { CliContext } from './context.js';
import { CliUsageError, readSecret } from './io.js';

export const USER_USAGE = `Usage:
  npm run cairn -- user create --email <e-mail> [--password <password>]
  npm run cairn -- user reset-password --email <e-mail> [--password <password>] [--revoke-integrations]
  npm run cairn -- user list

A reset signs out every session of the account. If someone may have the password, add
--revoke-integrations: every API key and OAuth grant of the account is revoked with it
(assistants must be connected again).

Without --password the password is asked for (hidden) on a terminal, or read from the first line
of standard input, which keeps it out of your shell history: echo "$PW" | npm run cairn -- user create --email me@example.com`;

/** `cairn user …`: make the owner account on a server without a browser, and the self-hoster's password reset. */
export async function runUserCommand(
  argv: string[],
  ctx: () => Promise<CliContext>,
  out: (line: string) => void,
) {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'revoke-integrations': { type: 'boolean' },
    },
    strict: true,
  });
  switch (sub) {
    case 'create':
    case 'reset-password': {
      if (!values.email) throw new CliUsageError(`user ${sub} needs --email\n\n${USER_USAGE}`);
      const revokeIntegrations = values['revoke-integrations'] === true;
      if (revokeIntegrations && sub !== 'reset-password') {
        throw new CliUsageError(`--revoke-integrations is for user reset-password\n\n${USER_USAGE}`);
      }
      const password = values.password ?? (await readSecret('Password: '));
      const { services } = await ctx();
      if (sub === 'create') {
        const user = await services.users.create(values.email, password);
        out(`Created ${user.email} (id ${user.id}). Sign in at the web app's /login.`);
      } else {
        const user = await services.auth.resetPassword(values.email, password, { revokeIntegrations });
        out(
          revokeIntegrations
            ? `Password reset for ${user.email}; every existing session of this account was signed out, and every API key and OAuth grant revoked.`
            : `Password reset for ${user.email}; every existing session of this account was signed out.`,
        );
      }
      return;
    }
    case 'list': {
      const { services } = await ctx();
      const users = await services.users.list();
      if (users.length === 0) out('No accounts yet. Create one with: npm run cairn -- user create --email …');
      for (const u of users) out(`${u.id}  ${u.email}  created ${u.created_at.toISOString()}`);
      return;
    }
    default:
      throw new CliUsageError(sub ? `Unknown command: user ${sub}\n\n${USER_USAGE}` : USER_USAGE);
  }
}
