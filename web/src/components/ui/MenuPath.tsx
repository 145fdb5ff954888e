/** A menu path as people see it in a client's UI: Settings → Connectors. */
export function MenuPath({ parts }: { parts: readonly string[] }) {
  return (
    <span className="font-semibold">
      {parts.map((p, i) => (
        <span key={p}>
          {i > 0 && (
            <>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">, then </span>
            </>
          )}
          {p}
        </span>
      ))}
    </span>
  );
}

/**
 * When a vendor's steps were last compared with its own documentation: menus move, so a page
 * says how fresh its directions are and where to check them.
 */
export function CheckedOn({ date, source, href }: { date: string; source: string; href: string }) {
  const label = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <p className="text-xs text-fg-muted">
      Steps checked against{' '}
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-accent underline underline-offset-2 hover:no-underline"
      >
        {source}
      </a>{' '}
      on <time dateTime={date}>{label}</time>.
    </p>
  );
}
