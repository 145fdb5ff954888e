import type { CliContext } from './context.js';
import { asksForHelp, CliUsageError, commandArgs, readSecret } from './io.js';

/**
 * The password is asked for (hidden) on a terminal, or read from the first line of standard input.
 * `--password` still works for scripts that cannot pipe, but it is left out of the usage lines:
 * on a command line it lands in the shell's history and in `ps` output.
 */
const PASSWORD_NOTE = `The password is asked for (hidden) on a terminal, or read from the first line of standard
input: echo "$PW" | npm run cairn -- user create --email me@example.com`;

const USAGES: Record<string, string> = {
  create: `Usage:
  npm run cairn -- user create --email <e-mail>

Creates an account (the owner's, on a server without a browser). ${PASSWORD_NOTE}`,
  'reset-password': `Usage:
  npm run cairn -- user reset-password --email <e-mail> [--revoke-integrations]

Sets a new password and signs out every session of the account. If someone may have the password,
add --revoke-integrations: every API key and OAuth grant of the account is revoked with it
(assistants must be connected again). ${PASSWORD_NOTE}`,
  list: `Usage:
  npm run cairn -- user list

Lists every account: id, e-mail and when it was created.`,
};

export const USER_USAGE = `Usage:
  npm run cairn -- user create --email <e-mail>
  npm run cairn -- user reset-password --email <e-mail> [--revoke-integrations]
  npm run cairn -- user list

A reset signs out every session of the account. If someone may have the password, add
--revoke-integrations: every API key and OAuth grant of the account is revoked with it
(assistants must be connected again).

${PASSWORD_NOTE}
(npm run cairn -- user <command> --help says more about each.)`;

/** `cairn user …`: make the owner account on a server without a browser, and the self-hoster's password reset. */
export async function runUserCommand(
  argv: string[],
  ctx: () => Promise<CliContext>,
  out: (line: string) => void,
) {
  const [sub, ...rest] = argv;
  if (sub === undefined) throw new CliUsageError(USER_USAGE);
  if (sub === '--help' || sub === '-h' || sub === 'help') return out(USER_USAGE);
  const usage = USAGES[sub];
  if (!usage) {
    if (asksForHelp(argv)) return out(USER_USAGE);
    throw new CliUsageError(`Unknown command: user ${sub}\n\n${USER_USAGE}`);
  }
  const { values, help } = commandArgs(
    rest,
    sub === 'list'
      ? {}
      : {
          email: { type: 'string' },
          password: { type: 'string' },
          'revoke-integrations': { type: 'boolean' },
        },
    usage,
  ) as { values: { email?: string; password?: string; 'revoke-integrations'?: boolean }; help: boolean };
  if (help) return out(usage);
  switch (sub) {
    case 'create':
    case 'reset-password': {
      if (!values.email) throw new CliUsageError(`user ${sub} needs --email\n\n${usage}`);
      const revokeIntegrations = values['revoke-integrations'] === true;
      if (revokeIntegrations && sub !== 'reset-password') {
        throw new CliUsageError(`--revoke-integrations is for user reset-password\n\n${usage}`);
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
      throw new CliUsageError(`Unknown command: user ${sub}\n\n${USER_USAGE}`);
  }
}
