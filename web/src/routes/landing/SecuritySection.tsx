import {
  DatabaseZap,
  EyeOff,
  Fingerprint,
  KeyRound,
  Lock,
  type LucideIcon,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Section } from './Section.js';

type Point = { icon: LucideIcon; title: string; body: ReactNode };

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.85em] text-fg">{children}</code>
);

/** Only what is true of Cairn today: no "end-to-end encryption" (see the at-rest point). */
const POINTS: readonly Point[] = [
  {
    icon: Lock,
    title: 'HTTPS from your reverse proxy',
    body: (
      <>
        Cairn listens on <Code>127.0.0.1</Code> by default. To reach it from elsewhere, put it behind the
        reverse proxy you trust (Caddy, nginx, Traefik), which terminates TLS. claude.ai and ChatGPT need
        public HTTPS.
      </>
    ),
  },
  {
    icon: Fingerprint,
    title: 'Credentials stored only as hashes',
    body: 'API keys, OAuth client secrets and tokens, and sign-in refresh tokens are stored only as hashes; passwords as argon2id hashes. None can be read back from a copy of the database.',
  },
  {
    icon: ShieldCheck,
    title: 'Row-level isolation',
    body: 'Every query is filtered by its owner, and PostgreSQL row-level security checks it a second time: one person’s memories never show up for another.',
  },
  {
    icon: KeyRound,
    title: 'Hashed API keys with a visible prefix',
    body: (
      <>
        Keys are shown once. Afterwards only their prefix (<Code>cairn_AbCdEf…</Code>) is readable, so you can
        tell them apart. Read-only or read-write; a revoked key fails on its next request.
      </>
    ),
  },
  {
    icon: Trash2,
    title: 'Export and deletion',
    body: 'Take all your traces with you whenever you like, and delete them for good. It is your server.',
  },
  {
    icon: EyeOff,
    title: 'No training, no telemetry',
    body: (
      <>
        Nothing you store trains any model, and Cairn sends nothing anywhere. The embedding model runs on your
        machine unless you point <Code>EMBEDDINGS_URL</Code> at a service you choose.
      </>
    ),
  },
];

export function SecuritySection() {
  return (
    <Section
      id="security"
      eyebrow="Security"
      title="Built to be trusted with your memories"
      lead="Exactly what Cairn protects, and what it leaves to you."
      className="border-y border-line bg-surface"
    >
      <ul className="grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
        {POINTS.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-soft-fg">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-fg">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-fg-muted">{body}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex gap-4 rounded-xl border border-line bg-warning-soft p-5 text-warning-soft-fg">
        <DatabaseZap className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h3 className="font-semibold">What is not encrypted: your memory content</h3>
          <p className="mt-1 text-sm leading-relaxed">
            Traces are stored unencrypted in the database on your disk, so Cairn can search them. Protect that
            disk with full-disk encryption (LUKS, FileVault, BitLocker) — and its backups too.
          </p>
        </div>
      </div>
    </Section>
  );
}
