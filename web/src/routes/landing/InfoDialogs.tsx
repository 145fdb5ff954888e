import type { ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog.js';
import { CONTACT_URL, LICENSE_NAME, SOURCE_URL } from './facts.js';

type InfoDialogProps = { open: boolean; onOpenChange(open: boolean): void };

const P = ({ children }: { children: ReactNode }) => (
  <p className="text-sm leading-relaxed text-fg-muted">{children}</p>
);
const H = ({ children }: { children: ReactNode }) => (
  <h3 className="pt-2 text-sm font-semibold text-fg">{children}</h3>
);
const A = ({ href, children }: { href: string; children: ReactNode }) => (
  <a
    href={href}
    target="_blank"
    rel="noreferrer"
    className="font-medium text-accent underline underline-offset-2 hover:no-underline"
  >
    {children}
  </a>
);
const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.85em] text-fg">{children}</code>
);

/** The footer's About: what Cairn is. */
export function AboutDialog(props: InfoDialogProps) {
  return (
    <Dialog {...props} title="About Cairn" description="A self-hosted memory hub for your AI assistants.">
      <div className="space-y-3">
        <P>
          A cairn is a pile of stones that marks a path so you can find it again. Cairn does that for what
          your assistants learn about you: short memories — traces — with a title, content, category,
          importance and tags, kept in one place on a server you run.
        </P>
        <P>
          Claude, ChatGPT, Cursor and Claude Code reach them through the Model Context Protocol at{' '}
          <Code>/mcp</Code>; scripts use the REST API; you manage everything in this web app. Search combines
          meaning and exact words, and runs on a local embedding model.
        </P>
        <P>
          Cairn is free and open-source software under the {LICENSE_NAME} licence. The code, the issue tracker
          and the documentation are at <A href={SOURCE_URL}>{SOURCE_URL.replace('https://', '')}</A>.
        </P>
      </div>
    </Dialog>
  );
}

/** The footer's Terms & Privacy: the privacy model of a self-hosted server, stated plainly. */
export function PrivacyDialog(props: InfoDialogProps) {
  return (
    <Dialog
      {...props}
      title="Terms & Privacy"
      description="Cairn is software you run yourself. There is no company in the middle."
      className="max-w-xl"
    >
      <div className="space-y-3">
        <H>Your data stays on your server</H>
        <P>
          Everything you store lives in the database of the server that runs Cairn — the embedded one in its
          data directory, or your own PostgreSQL. Whoever operates this server is responsible for it and for
          its backups.
        </P>
        <H>Nothing is sent anywhere</H>
        <P>
          Cairn has no telemetry, no analytics and no tracking, and this web app loads no third-party scripts
          or fonts. Its cookies only keep you signed in. Nothing you store is used to train any model.
        </P>
        <H>Embeddings are computed locally</H>
        <P>
          The embedding model that powers search runs inside Cairn on this machine. Only if the operator sets{' '}
          <Code>EMBEDDINGS_URL</Code> is the text of your traces sent to that service, to compute its
          embeddings.
        </P>
        <H>Assistants you connect</H>
        <P>
          When an assistant such as ChatGPT or Claude reads a memory through MCP, that memory becomes part of
          your conversation with it and is handled under that assistant’s own terms. You choose which
          assistants to connect, and can revoke their keys or clients at any time.
        </P>
        <H>Terms</H>
        <P>
          Cairn is provided under the {LICENSE_NAME} licence, as is, without warranty of any kind. Questions
          and bug reports: <A href={CONTACT_URL}>the issue tracker</A>.
        </P>
      </div>
    </Dialog>
  );
}
